#!/usr/bin/env bash
# A single-node Apache Kafka 4.x (KRaft, combined broker+controller) on 127.0.0.1, for tests and demos.
#
# No tarball: the broker's jars come from Maven Central through Maven (kafka_2.13 with its runtime
# dependencies, plus the log4j2 binding for slf4j that the distribution adds itself).
#
#   kafka-local.sh fetch
#   kafka-local.sh cds          (the broker's class data sharing archive, made ahead: see below)
#   kafka-local.sh start --port 9092 --controller-port 9093 --dir /tmp/kafka-test
#   kafka-local.sh status --dir /tmp/kafka-test
#   kafka-local.sh stop --dir /tmp/kafka-test
#   kafka-local.sh tool kafka-topics --bootstrap-server 127.0.0.1:9092 --list
#
# `tool NAME ARGS...` runs one of Kafka's own command-line tools: the main class its bin/NAME.sh would run
# (the scripts are not on Maven, the classes are, in kafka-tools and kafka_2.13; fetched on first use, or by
# `fetch-tools`): kafka-topics, kafka-console-producer, kafka-console-consumer, kafka-consumer-groups,
# kafka-configs, kafka-get-offsets, kafka-delete-records. The broker does not create topics on first use
# (auto.create.topics.enable=false, as a production cluster is set): create them with
# `tool kafka-topics --create`, or let the worker create its own.
#
# Authenticated listeners (for the SASL tests), next to the PLAINTEXT one:
#   --sasl-port P              a SASL_PLAINTEXT listener
#   --sasl-ssl-port P          a SASL_SSL listener (needs --ssl-keystore and --ssl-password)
#   --ssl-keystore FILE        the broker's PKCS12 keystore; --ssl-password PW its password
#   --sasl-user NAME:PASSWORD  a user for PLAIN and SCRAM-SHA-256/512 (repeatable; SCRAM credentials are written
#                              when the storage is formatted, so on the first start of a --dir)
# Both accept PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 and OAUTHBEARER (unsecured JWS tokens, Kafka's test validator).
#   --super-user NAME          turn ACLs on (StandardAuthorizer, nothing allowed without an ACL) with NAME a super
#                              user (repeatable); User:ANONYMOUS (the PLAINTEXT and controller listeners) is one too
#
# Environment:
#   KAFKA_VERSION        Kafka version (default: 4.4.0; needs Java 17+)
#   TOOLMEND_CACHE       cache root (default: <repo>/.cache); jars go to $TOOLMEND_CACHE/kafka-<ver>/libs
#   KAFKA_HEAP_OPTS      JVM heap (default: -Xms256m -Xmx512m)
#   KAFKA_JVM_OPTS       extra JVM options (default: -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true;
#                        C1 only: a test broker's life is too short for C2's compilations to pay for themselves)
#   KAFKA_CDS            0: no class data sharing archives (default 1: made in the cache on first use, then mapped
#                        by every broker, storage format and tool JVM; half their start-up CPU)
#   KAFKA_START_TIMEOUT  seconds to wait for the broker (default: 90)
#   KAFKA_MVN_ARGS       extra Maven arguments, e.g. -Dmaven.repo.local=/some/where
#
# `start` formats the storage once (a random cluster id) and keeps it: a second `start` on the same
# --dir resumes with the same data (ports may change). Remove the folder for a fresh cluster.
set -euo pipefail

KAFKA_VERSION="${KAFKA_VERSION:-4.4.0}"
# log4j-slf4j-impl must match the log4j-api/-core that kafka_2.13 pulls in (slf4j-api there is 1.7.x).
LOG4J_VERSION="${LOG4J_VERSION:-}"
DEPENDENCY_PLUGIN="org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$SCRIPT_DIR/../.." && pwd)"
CACHE_ROOT="${TOOLMEND_CACHE:-$REPO/.cache}"
KAFKA_HOME="$CACHE_ROOT/kafka-$KAFKA_VERSION"
LIBS="$KAFKA_HOME/libs"

die() { echo "kafka-local: $*" >&2; exit 1; }
log() { echo "kafka-local: $*" >&2; }

usage() {
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
    exit "${1:-0}"
}

need_java() {  # also sets JAVA_BUILD: this Java's version and home, for the names of its CDS archives
    command -v java >/dev/null 2>&1 || die "java not found (Kafka $KAFKA_VERSION needs Java 17+)"
    local props v
    props="$(java -XshowSettings:properties -version 2>&1)"
    v="$(sed -n 's/^ *java.specification.version = //p' <<<"$props")"
    [[ "${v%%.*}" -ge 17 ]] 2>/dev/null || die "java $v is too old (Kafka $KAFKA_VERSION needs 17+)"
    JAVA_BUILD="$(sed -n 's/^ *java.vm.version = //p' <<<"$props" | tr -c 'A-Za-z0-9._\n-' _)"
    JAVA_BUILD+="-$(sed -n 's/^ *java.home = //p' <<<"$props" | cksum | cut -d' ' -f1)"
}

# Class data sharing (CDS, Java 17's dynamic archives): a JVM maps the classes of Kafka's jars, already parsed and
# verified, from an archive instead of loading them: half the CPU of a tool's run, half of a broker's start. One
# archive per classpath (the broker's, the tools') and Java build, in the cache; the first JVM without one writes
# it as it exits (-XX:ArchiveClassesAtExit), into a file of its own that is then renamed into place (two at once:
# either one wins, both whole). A broker's archive is written by one broker at a time (a lock: its pid); `cds`
# makes it ahead (tests/run.sh's tools stage), so that every broker of a test run starts with it. A fetch of the
# jars removes the archives (a changed classpath would not match them). KAFKA_CDS=0: none used or written.
CDS_DIR="$KAFKA_HOME/cds"

cds_use() {  # $1 = broker|tools: sets CDS_OPTS to map its archive, or to write it (CDS_DUMP, a temporary file)
    CDS_OPTS=()
    CDS_DUMP=""
    [[ "${KAFKA_CDS:-1}" != 0 ]] || return 0
    local archive="$CDS_DIR/$1-$JAVA_BUILD.jsa"
    if [[ -s "$archive" ]]; then
        CDS_OPTS=(-XX:SharedArchiveFile="$archive" -Xlog:cds=off,cds+dynamic=off)
    elif mkdir -p "$CDS_DIR" 2>/dev/null && [[ -w "$CDS_DIR" ]] && { [[ "$1" != broker ]] || cds_lock; }; then
        CDS_DUMP="$archive.tmp.$$"
        CDS_OPTS=(-XX:ArchiveClassesAtExit="$CDS_DUMP" -Xlog:cds=off,cds+dynamic=off)
    fi
}

cds_keep() {  # $1 = the file a JVM that has exited wrote its archive to: renamed into place (or removed if empty)
    [[ -n "$1" ]] || return 0
    if [[ -s "$1" ]]; then
        mv -f "$1" "${1%.tmp.*}"
    else
        rm -f "$1"
    fi
}

cds_lock() {  # the right to write the broker's archive: a directory holding the writer's pid (stale once it died)
    local lock="$CDS_DIR/broker.lock"
    if ! mkdir "$lock" 2>/dev/null; then
        local holder
        holder="$(cat "$lock/pid" 2>/dev/null || true)"
        if [[ -z "$holder" ]] || kill -0 "$holder" 2>/dev/null; then
            return 1  # held (or just taken: its pid not written yet)
        fi
        rm -rf "$lock"
        mkdir "$lock" 2>/dev/null || return 1
    fi
    echo "$$" >"$lock/pid" || return 1
}

cds_unlock() {
    rm -rf "$CDS_DIR/broker.lock"
}

write_pom() {  # $1 = file, $2 = log4j version ('' = no slf4j binding yet)
    local binding=""
    if [[ -n "$2" ]]; then
        binding="
    <dependency>
      <groupId>org.apache.logging.log4j</groupId>
      <artifactId>log4j-slf4j-impl</artifactId>
      <version>$2</version>
    </dependency>"
    fi
    cat >"$1" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by kafka-local.sh: resolves the Kafka broker's runtime classpath. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.toolmend</groupId>
  <artifactId>kafka-local-runtime</artifactId>
  <version>$KAFKA_VERSION</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka_2.13</artifactId>
      <version>$KAFKA_VERSION</version>
    </dependency>$binding
  </dependencies>
</project>
EOF
}

cmd_fetch() {
    if [[ -f "$LIBS/.complete" ]]; then
        return 0
    fi
    command -v mvn >/dev/null 2>&1 || die "mvn not found (apt-get install maven)"
    mkdir -p "$KAFKA_HOME"
    local tmp="$KAFKA_HOME/libs.tmp.$$"
    rm -rf "$tmp"
    local started=$SECONDS
    log "resolving org.apache.kafka:kafka_2.13:$KAFKA_VERSION with Maven into $LIBS"
    local extra=()
    read -r -a extra <<<"${KAFKA_MVN_ARGS:-}"
    local mvn=(mvn -B -q -f "$KAFKA_HOME/pom.xml" "${extra[@]}" "$DEPENDENCY_PLUGIN:copy-dependencies"
        -DincludeScope=runtime -DoutputDirectory="$tmp")
    # Pass 1: Kafka itself, to learn which log4j it is built against.
    write_pom "$KAFKA_HOME/pom.xml" ""
    "${mvn[@]}" >"$KAFKA_HOME/fetch.log" 2>&1 || { cat "$KAFKA_HOME/fetch.log" >&2; die "maven failed"; }
    local log4j="$LOG4J_VERSION"
    if [[ -z "$log4j" ]]; then
        local cores=("$tmp"/log4j-core-*.jar)
        [[ -f "${cores[0]}" ]] || die "no log4j-core among Kafka's dependencies; set LOG4J_VERSION"
        log4j="${cores[0]##*/log4j-core-}"
        log4j="${log4j%.jar}"
    fi
    # Pass 2: add the slf4j 1.x -> log4j2 binding (Kafka's distribution ships it in libs/ too).
    write_pom "$KAFKA_HOME/pom.xml" "$log4j"
    "${mvn[@]}" >>"$KAFKA_HOME/fetch.log" 2>&1 || { cat "$KAFKA_HOME/fetch.log" >&2; die "maven failed"; }
    [[ -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ]] || die "kafka_2.13-$KAFKA_VERSION.jar missing after fetch"
    ls "$tmp"/log4j-slf4j-impl-*.jar >/dev/null 2>&1 || die "log4j-slf4j-impl missing after fetch"
    touch "$tmp/.complete"
    rm -rf "$LIBS" "$CDS_DIR"
    mv "$tmp" "$LIBS"
    local jars=("$LIBS"/*.jar)
    log "fetched ${#jars[@]} jars ($(du -sh "$LIBS" | cut -f1)) in $((SECONDS - started))s"
}

TOOLS_LIBS="$KAFKA_HOME/tools-libs"

cmd_fetch_tools() {  # kafka-tools and its dependencies, beside the broker's jars (never replacing them)
    if [[ -f "$TOOLS_LIBS/.complete" ]]; then
        return 0
    fi
    command -v mvn >/dev/null 2>&1 || die "mvn not found (apt-get install maven)"
    mkdir -p "$KAFKA_HOME"
    local tmp="$KAFKA_HOME/tools-libs.tmp.$$" pom="$KAFKA_HOME/tools-pom.xml"
    rm -rf "$tmp"
    cat >"$pom" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by kafka-local.sh: resolves the classpath of Kafka's command-line tools. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.toolmend</groupId>
  <artifactId>kafka-local-tools</artifactId>
  <version>$KAFKA_VERSION</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.apache.kafka</groupId>
      <artifactId>kafka-tools</artifactId>
      <version>$KAFKA_VERSION</version>
    </dependency>
  </dependencies>
</project>
EOF
    local extra=()
    read -r -a extra <<<"${KAFKA_MVN_ARGS:-}"
    log "resolving org.apache.kafka:kafka-tools:$KAFKA_VERSION with Maven into $TOOLS_LIBS"
    mvn -B -q -f "$pom" "${extra[@]}" "$DEPENDENCY_PLUGIN:copy-dependencies" -DincludeScope=runtime \
        -DoutputDirectory="$tmp" >"$KAFKA_HOME/fetch-tools.log" 2>&1 \
        || { cat "$KAFKA_HOME/fetch-tools.log" >&2; die "maven failed"; }
    [[ -f "$tmp/kafka-tools-$KAFKA_VERSION.jar" ]] || die "kafka-tools-$KAFKA_VERSION.jar missing after fetch"
    touch "$tmp/.complete"
    rm -rf "$TOOLS_LIBS"
    rm -f "$CDS_DIR"/tools-*.jsa
    mv "$tmp" "$TOOLS_LIBS"
}

tool_class() {  # $1 = the name of a bin/*.sh script of Kafka's distribution (with or without .sh)
    case "${1%.sh}" in
        kafka-topics) echo org.apache.kafka.tools.TopicCommand ;;
        kafka-console-producer) echo org.apache.kafka.tools.ConsoleProducer ;;
        kafka-console-consumer) echo org.apache.kafka.tools.consumer.ConsoleConsumer ;;
        kafka-consumer-groups) echo org.apache.kafka.tools.consumer.group.ConsumerGroupCommand ;;
        kafka-configs) echo org.apache.kafka.tools.ConfigCommand ;;
        kafka-get-offsets) echo org.apache.kafka.tools.GetOffsetShell ;;
        kafka-delete-records) echo org.apache.kafka.tools.DeleteRecordsCommand ;;
        kafka-log-dirs) echo org.apache.kafka.tools.LogDirsCommand ;;
        *) die "unknown tool $1 (kafka-topics, kafka-console-producer, kafka-console-consumer," \
            "kafka-consumer-groups, kafka-configs, kafka-get-offsets, kafka-delete-records, kafka-log-dirs)" ;;
    esac
}

cmd_tool() {  # $1 = tool name, then its own arguments
    [[ $# -ge 1 ]] || die "tool needs a name, e.g. tool kafka-topics --bootstrap-server 127.0.0.1:9092 --list"
    local cls
    cls="$(tool_class "$1")"
    shift
    need_java
    cmd_fetch
    cmd_fetch_tools
    local heap=()
    read -r -a heap <<<"${KAFKA_TOOL_HEAP_OPTS:--Xmx256m}"
    cds_use tools
    # the tools log only warnings, to stderr (as bin/tools-log4j2.yaml of the distribution does)
    local java=(java "${heap[@]}" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true "${CDS_OPTS[@]}"
        -Dlog4j2.level=WARN -Dlog4j2.rootLevel=WARN -cp "$TOOLS_LIBS/*:$LIBS/*" "$cls" "$@")
    if [[ -z "$CDS_DUMP" ]]; then
        exec "${java[@]}"
    fi
    local rc=0
    "${java[@]}" || rc=$?
    cds_keep "$CDS_DUMP"
    exit "$rc"
}

parse_opts() {
    PORT=""
    CONTROLLER_PORT=""
    DIR=""
    SASL_PORT=""
    SASL_SSL_PORT=""
    SSL_KEYSTORE=""
    SSL_PASSWORD=""
    SASL_USERS=()
    SUPER_USERS=()
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --port) PORT="$2"; shift 2 ;;
            --sasl-port) SASL_PORT="$2"; shift 2 ;;
            --sasl-ssl-port) SASL_SSL_PORT="$2"; shift 2 ;;
            --ssl-keystore) SSL_KEYSTORE="$2"; shift 2 ;;
            --ssl-password) SSL_PASSWORD="$2"; shift 2 ;;
            --sasl-user) SASL_USERS+=("$2"); shift 2 ;;
            --super-user) SUPER_USERS+=("$2"); shift 2 ;;
            --controller-port) CONTROLLER_PORT="$2"; shift 2 ;;
            --dir) DIR="$2"; shift 2 ;;
            -h|--help) usage 0 ;;
            *) die "unknown option $1" ;;
        esac
    done
    [[ -n "$DIR" ]] || die "--dir is required"
    mkdir -p "$DIR"
    DIR="$(cd "$DIR" && pwd)"
}

pid_alive() {  # $1 = pid file
    [[ -f "$1" ]] && kill -0 "$(cat "$1")" 2>/dev/null
}

random_cluster_id() {  # a Kafka Uuid: 16 random bytes, base64url without padding (22 chars)
    local id
    while :; do
        id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n')"
        # One starting with '-' would be read as an option by the storage tool.
        [[ "$id" == [A-Za-z0-9]* ]] && break
    done
    echo "$id"
}

sasl_listener_config() {  # $1 = listener name (lower case): the mechanisms and their server-side modules
    local name="$1" plain_users="" u
    for u in "${SASL_USERS[@]}"; do
        plain_users+=" user_${u%%:*}=\"${u#*:}\""
    done
    cat <<EOF
listener.name.$name.sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512,OAUTHBEARER
listener.name.$name.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required$plain_users;
listener.name.$name.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.$name.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;
listener.name.$name.oauthbearer.sasl.jaas.config=org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="broker";
listener.name.$name.oauthbearer.sasl.server.callback.handler.class=org.apache.kafka.common.security.oauthbearer.internals.unsecured.OAuthBearerUnsecuredValidatorCallbackHandler
EOF
}

write_config() {
    local listeners="PLAINTEXT://127.0.0.1:$PORT" protocols="CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT"
    if [[ -n "$SASL_PORT" ]]; then
        listeners+=",SASL_PLAINTEXT://127.0.0.1:$SASL_PORT"
        protocols+=",SASL_PLAINTEXT:SASL_PLAINTEXT"
    fi
    if [[ -n "$SASL_SSL_PORT" ]]; then
        [[ -n "$SSL_KEYSTORE" && -n "$SSL_PASSWORD" ]] || die "--sasl-ssl-port needs --ssl-keystore and --ssl-password"
        listeners+=",SASL_SSL://127.0.0.1:$SASL_SSL_PORT"
        protocols+=",SASL_SSL:SASL_SSL"
    fi
    cat >"$DIR/server.properties" <<EOF
# Generated by kafka-local.sh: a 1-node KRaft test cluster (combined broker and controller).
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=$listeners,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=$listeners
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=$protocols
log.dirs=$DIR/data

num.partitions=4
default.replication.factor=1
min.insync.replicas=1
auto.create.topics.enable=false
delete.topic.enable=true

offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1

group.initial.rebalance.delay.ms=0
# Tests use short consumer session timeouts (the classic protocol's broker minimum is 6 s by default).
group.min.session.timeout.ms=500
# Let the log cleaner look at compacted topics often.
log.cleaner.backoff.ms=1000
# Abort transactions past their timeout within a second (tests pause a member past a short one).
transaction.abort.timed.out.transaction.cleanup.interval.ms=1000
EOF
    if [[ -n "$SASL_PORT" ]]; then
        sasl_listener_config sasl_plaintext >>"$DIR/server.properties"
    fi
    if [[ -n "$SASL_SSL_PORT" ]]; then
        sasl_listener_config sasl_ssl >>"$DIR/server.properties"
        cat >>"$DIR/server.properties" <<EOF
listener.name.sasl_ssl.ssl.keystore.type=PKCS12
listener.name.sasl_ssl.ssl.keystore.location=$SSL_KEYSTORE
listener.name.sasl_ssl.ssl.keystore.password=$SSL_PASSWORD
EOF
    fi
    if [[ ${#SUPER_USERS[@]} -gt 0 ]]; then
        local supers="User:ANONYMOUS" u
        for u in "${SUPER_USERS[@]}"; do supers+=";User:$u"; done
        cat >>"$DIR/server.properties" <<EOF
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
allow.everyone.if.no.acl.found=false
super.users=$supers
EOF
    fi
    cat >"$DIR/log4j2.properties" <<'EOF'
# Generated by kafka-local.sh
status = warn
appender.out.type = Console
appender.out.name = STDOUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = STDOUT
logger.config.name = org.apache.kafka.common.config
logger.config.level = WARN
logger.state.name = state.change.logger
logger.state.level = WARN
EOF
    cat >"$DIR/log4j2-tools.properties" <<'EOF'
# Generated by kafka-local.sh
status = warn
appender.err.type = Console
appender.err.name = STDERR
appender.err.target = SYSTEM_ERR
appender.err.layout.type = PatternLayout
appender.err.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.err.ref = STDERR
EOF
}

port_open() {  # $1 = port
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

cmd_start() {
    parse_opts "$@"
    [[ -n "$PORT" && -n "$CONTROLLER_PORT" ]] || die "--port and --controller-port are required"
    [[ "$PORT" != "$CONTROLLER_PORT" ]] || die "--port and --controller-port must differ"
    need_java
    cmd_fetch
    if pid_alive "$DIR/kafka.pid"; then
        die "already running in $DIR (pid $(cat "$DIR/kafka.pid"))"
    fi
    local p
    for p in "$PORT" "$CONTROLLER_PORT" $SASL_PORT $SASL_SSL_PORT; do
        ! port_open "$p" || die "port $p on 127.0.0.1 is already in use"
    done
    write_config
    local started=$SECONDS
    if [[ ! -f "$DIR/data/meta.properties" ]]; then
        local cluster_id
        cluster_id="$(random_cluster_id)"
        local scram=() u m
        for u in "${SASL_USERS[@]}"; do
            for m in SCRAM-SHA-256 SCRAM-SHA-512; do
                scram+=(--add-scram "$m=[name=${u%%:*},password=${u#*:}]")
            done
        done
        local shared=()  # the broker's archive, if there is one: the same classpath
        if [[ "${KAFKA_CDS:-1}" != 0 && -s "$CDS_DIR/broker-$JAVA_BUILD.jsa" ]]; then
            shared=(-XX:SharedArchiveFile="$CDS_DIR/broker-$JAVA_BUILD.jsa" -Xlog:cds=off,cds+dynamic=off)
        fi
        java -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "${shared[@]}" \
            -Dlog4j2.configurationFile="$DIR/log4j2-tools.properties" \
            -cp "$LIBS/*" kafka.tools.StorageTool format \
            --cluster-id "$cluster_id" --config "$DIR/server.properties" --ignore-formatted "${scram[@]}" \
            >"$DIR/format.log" 2>&1 || { cat "$DIR/format.log" >&2; die "storage format failed"; }
        echo "$cluster_id" >"$DIR/cluster.id"
    fi
    cds_use broker
    # shellcheck disable=SC2086  # option lists
    setsid nohup java ${KAFKA_HEAP_OPTS:--Xms256m -Xmx512m} \
        ${KAFKA_JVM_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true} "${CDS_OPTS[@]}" \
        -Dlog4j2.configurationFile="$DIR/log4j2.properties" \
        -cp "$LIBS/*" kafka.Kafka "$DIR/server.properties" \
        >>"$DIR/server.log" 2>&1 </dev/null &
    local pid=$!
    echo "$pid" >"$DIR/kafka.pid"
    if [[ -n "$CDS_DUMP" ]]; then  # this broker writes the archive as it exits: `stop` puts it in place
        echo "$pid" >"$CDS_DIR/broker.lock/pid"
        echo "$CDS_DUMP" >"$DIR/cds.dump"
    fi
    local timeout="${KAFKA_START_TIMEOUT:-90}"
    local deadline=$((SECONDS + timeout))
    # Ready = the broker logged that it started (after its controller, listeners and metadata are up)
    # and its client port accepts connections.
    until grep -q "Kafka Server started" "$DIR/server.log" 2>/dev/null && port_open "$PORT"; do
        if ! kill -0 "$pid" 2>/dev/null; then
            tail -n 40 "$DIR/server.log" >&2 || true
            rm -f "$DIR/kafka.pid"
            cds_dumped "$pid"
            die "broker exited during startup (log: $DIR/server.log)"
        fi
        if ((SECONDS >= deadline)); then
            tail -n 40 "$DIR/server.log" >&2 || true
            cmd_stop_dir
            die "broker not ready within ${timeout}s (log: $DIR/server.log)"
        fi
        sleep 0.2
    done
    log "Kafka $KAFKA_VERSION up on 127.0.0.1:$PORT (controller $CONTROLLER_PORT, pid $pid) in $((SECONDS - started))s"
    echo "127.0.0.1:$PORT"
}

cmd_stop_dir() {
    local pidfile="$DIR/kafka.pid"
    if ! pid_alive "$pidfile"; then  # exited by itself (or killed): no whole archive to keep
        rm -f "$pidfile"
        if [[ -f "$DIR/cds.dump" ]]; then
            rm -f "$(cat "$DIR/cds.dump")" "$DIR/cds.dump"
        fi
        return 0
    fi
    local pid
    pid="$(cat "$pidfile")"
    kill -TERM "$pid" 2>/dev/null || true
    local i
    for ((i = 0; i < 300; i++)); do  # controlled shutdown of a 1-node cluster: a few seconds
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        log "pid $pid ignored SIGTERM for 30s; killing"
        kill -KILL "$pid" 2>/dev/null || true
        while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
        if [[ -f "$DIR/cds.dump" ]]; then  # perhaps killed while writing it
            rm -f "$(cat "$DIR/cds.dump")"
        fi
    fi
    rm -f "$pidfile"
    cds_dumped "$pid"
}

cds_dumped() {  # $1 = the pid of a broker of $DIR that has exited: the archive it wrote (if it was to) in place
    [[ -f "$DIR/cds.dump" ]] || return 0
    cds_keep "$(cat "$DIR/cds.dump")"  # nothing, if it wrote none
    rm -f "$DIR/cds.dump"
    if [[ "$(cat "$CDS_DIR/broker.lock/pid" 2>/dev/null || true)" == "$1" ]]; then
        cds_unlock
    fi
}

cmd_cds() {  # the broker's archive made now, if there is none: a broker started and stopped (in a folder of its own)
    need_java
    cmd_fetch
    local archive="$CDS_DIR/broker-$JAVA_BUILD.jsa"
    if [[ "${KAFKA_CDS:-1}" == 0 || -s "$archive" ]]; then
        return 0
    fi
    local tmp attempt port ok=""
    tmp="$(mktemp -d "${TMPDIR:-/tmp}/kafka-cds.XXXXXX")"
    for attempt in 1 2 3; do
        port=$((20000 + RANDOM % 10000))
        if port_open "$port" || port_open $((port + 1)); then
            continue
        fi
        if bash "${BASH_SOURCE[0]}" start --port "$port" --controller-port $((port + 1)) --dir "$tmp" >/dev/null; then
            bash "${BASH_SOURCE[0]}" stop --dir "$tmp"
            ok=1
            break
        fi
    done
    rm -rf "$tmp"
    if [[ -n "$ok" && -s "$archive" ]]; then
        log "class data sharing archive for the broker: $archive"
    else
        log "no class data sharing archive for the broker (its JVMs start without one)"
    fi
}

cmd_stop() {
    parse_opts "$@"
    cmd_stop_dir
}

cmd_status() {
    parse_opts "$@"
    if pid_alive "$DIR/kafka.pid"; then
        echo "running (pid $(cat "$DIR/kafka.pid"))"
    else
        echo "stopped"
        return 1
    fi
}

case "${1:-}" in
    fetch) shift; cmd_fetch; echo "$LIBS" ;;
    fetch-tools) shift; cmd_fetch; cmd_fetch_tools; echo "$TOOLS_LIBS" ;;
    cds) shift; cmd_cds ;;
    tool) shift; cmd_tool "$@" ;;
    start) shift; cmd_start "$@" ;;
    stop) shift; cmd_stop "$@" ;;
    status) shift; cmd_status "$@" ;;
    -h|--help|help) usage 0 ;;
    *) usage 2 ;;
esac
