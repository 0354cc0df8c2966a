{{/* The namespace of every object: the value, or the release's. */}}
{{- define "toolmend.namespace" -}}
{{- .Values.namespace | default .Release.Namespace -}}
{{- end -}}

{{/* The image: by digest when one is given (immutable), else by tag. */}}
{{- define "toolmend.image" -}}
{{- if .Values.image.digest -}}
{{ .Values.image.repository }}@{{ .Values.image.digest }}
{{- else -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end -}}
{{- end -}}

{{/* Where the CA bundle is mounted in the workers. */}}
{{- define "toolmend.caFile" -}}/etc/toolmend/kafka-ca/ca.crt{{- end -}}

{{/* The workers' settings, one map for both ConfigMaps: the brokers, group and topics of .Values.kafka, then
     .Values.settings (which may not repeat them). */}}
{{- define "toolmend.settings" -}}
{{- $k := .Values.kafka -}}
{{- $s := dict
      "TOOLMEND_BOOTSTRAP_SERVERS" $k.bootstrapServers
      "TOOLMEND_GROUP_ID" $k.groupId
      "TOOLMEND_INPUT_TOPIC" $k.topics.input
      "TOOLMEND_OUTPUT_TOPIC" $k.topics.output
      "TOOLMEND_DLQ_TOPIC" $k.topics.deadLetter
      "TOOLMEND_FINDINGS_TOPIC" $k.topics.findings -}}
{{- if $k.securityProtocol }}{{ $_ := set $s "TOOLMEND_SECURITY_PROTOCOL" $k.securityProtocol }}{{ end -}}
{{- if $k.saslMechanism }}{{ $_ := set $s "TOOLMEND_SASL_MECHANISM" $k.saslMechanism }}{{ end -}}
{{- if $k.caSecret }}{{ $_ := set $s "TOOLMEND_SSL_CAFILE" (include "toolmend.caFile" .) }}{{ end -}}
{{- range $name, $value := .Values.settings -}}
{{- if hasKey $s $name -}}
{{- fail (printf "settings.%s: set it under kafka (brokers, group, topics and security are written once there)" $name) -}}
{{- end -}}
{{- $_ := set $s $name (toString $value) -}}
{{- end -}}
{{- toYaml $s -}}
{{- end -}}

{{/* KEDA's words for the SASL mechanism. */}}
{{- define "toolmend.kedaSasl" -}}
{{- $m := upper .Values.kafka.saslMechanism -}}
{{- if eq $m "SCRAM-SHA-512" }}scram_sha512{{ else if eq $m "SCRAM-SHA-256" }}scram_sha256{{ else if eq $m "PLAIN" }}plaintext{{ else }}{{ fail (printf "kafka.saslMechanism %q: KEDA's Kafka scaler knows PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512" .Values.kafka.saslMechanism) }}{{ end -}}
{{- end -}}

{{- define "toolmend.sasl" -}}{{ if hasPrefix "SASL_" (upper .Values.kafka.securityProtocol) }}true{{ end }}{{- end -}}
{{- define "toolmend.tls" -}}{{ if hasSuffix "SSL" (upper .Values.kafka.securityProtocol) }}true{{ end }}{{- end -}}

{{/* The workers' ConfigMap: its name carries a hash of the settings, so a change rolls the workers. */}}
{{- define "toolmend.workerConfigName" -}}
toolmend-worker-{{ include "toolmend.settings" . | sha256sum | trunc 10 }}
{{- end -}}
