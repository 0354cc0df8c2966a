// Command helm-render renders a local Helm chart the way `helm template` and `helm lint --strict` of helm v4.3.2
// do, with helm's own packages (chart loader, values coalescing, strvals, engine, manifest sorting, linter), but
// without the Kubernetes client: a fraction of the helm CLI's build. deploy/helm/install.sh builds it against a
// copy of helm's module (the version go.sum pins) in which the files of overlay/ (same paths) replace four of
// helm's: the ones that link k8s.io/client-go for what `helm template` never uses (the cluster client of the
// engine's "lookup", client-go's scheme for the default API versions, client-go's version read from the build
// information); each says what it changes. check.sh holds the output to helm's own, recorded in testdata/.
//
//	helm-render template NAME CHART [-f FILE]... [--set K=V]... [--set-string K=V]... [-n NAMESPACE]
//	helm-render lint [--strict] CHART [-f FILE]... [--set K=V]...
//
// The chart must be a directory, of apiVersion v2, without dependencies: what deploy/helm/toolmend is.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"helm.sh/helm/v4/pkg/chart/common"
	"helm.sh/helm/v4/pkg/chart/common/util"
	"helm.sh/helm/v4/pkg/chart/v2/lint"
	"helm.sh/helm/v4/pkg/chart/v2/lint/support"
	"helm.sh/helm/v4/pkg/chart/v2/loader"
	chartutil "helm.sh/helm/v4/pkg/chart/v2/util"
	"helm.sh/helm/v4/pkg/engine"
	releaseutil "helm.sh/helm/v4/pkg/release/v1/util"
	"helm.sh/helm/v4/pkg/strvals"
)

const usage = `usage: helm-render template NAME CHART [-f FILE]... [--set K=V]... [--set-string K=V]... [-n NAMESPACE]
       helm-render lint [--strict] CHART [-f FILE]... [--set K=V]... [--set-string K=V]... [-n NAMESPACE]`

type options struct {
	args         []string
	valueFiles   []string
	values       []string
	stringValues []string
	namespace    string
	strict       bool
}

func parse(args []string) (*options, error) {
	o := &options{namespace: os.Getenv("HELM_NAMESPACE")}
	if o.namespace == "" {
		o.namespace = "default"
	}
	var namespaces []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, inline := strings.Cut(a, "=")
		var target *[]string
		switch name {
		case "-f", "--values":
			target = &o.valueFiles
		case "--set":
			target = &o.values
		case "--set-string":
			target = &o.stringValues
		case "-n", "--namespace":
			target = &namespaces
		case "--strict":
			if inline {
				return nil, fmt.Errorf("--strict takes no value")
			}
			o.strict = true
			continue
		default:
			if strings.HasPrefix(a, "-") {
				return nil, fmt.Errorf("unknown flag %s (this renderer knows -f, --set, --set-string, -n, --strict; the full helm CLI: deploy/helm/install.sh --cli)", a)
			}
			o.args = append(o.args, a)
			continue
		}
		if !inline {
			i++
			if i == len(args) {
				return nil, fmt.Errorf("flag %s needs a value", a)
			}
			value = args[i]
		}
		if name == "-f" || name == "--values" {
			*target = append(*target, strings.Split(value, ",")...) // a StringSlice flag in helm
		} else {
			*target = append(*target, value)
		}
	}
	if len(namespaces) > 0 {
		o.namespace = namespaces[len(namespaces)-1]
	}
	return o, nil
}

// mergeValues is helm's values.Options.MergeValues for local files, --set and --set-string (pkg/cli/values).
func (o *options) mergeValues() (map[string]any, error) {
	base := map[string]any{}
	for _, path := range o.valueFiles {
		var raw []byte
		var err error
		if strings.TrimSpace(path) == "-" {
			raw, err = io.ReadAll(os.Stdin)
		} else {
			raw, err = os.ReadFile(path)
		}
		if err != nil {
			return nil, err
		}
		current, err := loader.LoadValues(bytes.NewReader(raw))
		if err != nil {
			return nil, fmt.Errorf("failed to parse %s: %w", path, err)
		}
		base = loader.MergeMaps(base, current)
	}
	for _, value := range o.values {
		if err := strvals.ParseInto(value, base); err != nil {
			return nil, fmt.Errorf("failed parsing --set data: %w", err)
		}
	}
	for _, value := range o.stringValues {
		if err := strvals.ParseIntoString(value, base); err != nil {
			return nil, fmt.Errorf("failed parsing --set-string data: %w", err)
		}
	}
	return base, nil
}

// template is `helm template NAME CHART` (pkg/cmd/template.go, pkg/action/install.go and renderResources in
// pkg/action/action.go): client-only, default capabilities, no CRDs, hooks appended after the manifests.
func template(o *options, out io.Writer) error {
	if len(o.args) != 2 {
		return errors.New("template takes NAME and CHART\n" + usage)
	}
	name, path := o.args[0], o.args[1]
	if err := chartutil.ValidateReleaseName(name); err != nil {
		return fmt.Errorf("release name check failed: %w", err)
	}
	vals, err := o.mergeValues()
	if err != nil {
		return err
	}
	ch, err := loader.Load(path)
	if err != nil {
		return err
	}
	if ch.Metadata.Type != "" && ch.Metadata.Type != "application" {
		return fmt.Errorf("%s charts are not installable", ch.Metadata.Type)
	}
	if len(ch.Metadata.Dependencies) > 0 {
		return errors.New("this renderer renders charts without dependencies; use the full helm CLI (deploy/helm/install.sh --cli)")
	}
	if err := chartutil.ProcessDependencies(ch, vals); err != nil {
		return fmt.Errorf("chart dependencies processing failed: %w", err)
	}
	caps := common.DefaultCapabilities.Copy()
	if ch.Metadata.KubeVersion != "" && !chartutil.IsCompatibleRange(ch.Metadata.KubeVersion, caps.KubeVersion.String()) {
		return fmt.Errorf("chart requires kubeVersion: %s which is incompatible with Kubernetes %s", ch.Metadata.KubeVersion, caps.KubeVersion.Version)
	}
	release := common.ReleaseOptions{Name: name, Namespace: o.namespace, Revision: 1, IsInstall: true}
	top, err := util.ToRenderValuesWithSchemaValidation(ch, vals, release, caps, false)
	if err != nil {
		return err
	}
	files, err := engine.Engine{}.Render(ch, top)
	if err != nil {
		return err
	}
	for k := range files {
		if strings.HasSuffix(k, "NOTES.txt") {
			delete(files, k)
		}
	}
	hooks, manifests, err := releaseutil.SortManifests(files, nil, releaseutil.InstallOrder)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	for _, m := range manifests {
		fmt.Fprintf(&b, "---\n# Source: %s\n%s\n", m.Name, m.Content)
	}
	var doc bytes.Buffer
	fmt.Fprintln(&doc, strings.TrimSpace(b.String()))
	for _, h := range hooks {
		fmt.Fprintf(&doc, "---\n# Source: %s\n%s\n", h.Path, h.Manifest)
	}
	_, err = out.Write(doc.Bytes())
	return err
}

// runLint is `helm lint [--strict] CHART` (pkg/cmd/lint.go, pkg/action/lint.go) for one chart directory.
func runLint(o *options, out io.Writer) error {
	if len(o.args) != 1 {
		return errors.New("lint takes one CHART\n" + usage)
	}
	path := o.args[0]
	vals, err := o.mergeValues()
	if err != nil {
		return err
	}
	lowest := support.ErrorSev
	if o.strict {
		lowest = support.WarningSev
	}
	if _, err := os.Stat(path + "/Chart.yaml"); err != nil {
		return fmt.Errorf("unable to check Chart.yaml file in chart: %w", err)
	}
	linter := lint.RunAll(path, vals, o.namespace)
	failed := 0
	var message strings.Builder
	fmt.Fprintf(&message, "==> Linting %s\n", path)
	for _, msg := range linter.Messages {
		fmt.Fprintf(&message, "%s\n", msg)
		if msg.Severity >= lowest {
			failed = 1
		}
	}
	fmt.Fprint(&message, "\n")
	fmt.Fprint(out, message.String())
	summary := fmt.Sprintf("1 chart(s) linted, %d chart(s) failed", failed)
	if failed > 0 {
		return errors.New(summary)
	}
	fmt.Fprintln(out, summary)
	return nil
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	o, err := parse(os.Args[2:])
	if err == nil {
		switch os.Args[1] {
		case "template":
			err = template(o, os.Stdout)
		case "lint":
			err = runLint(o, os.Stdout)
		default:
			err = fmt.Errorf("unknown command %q\n%s", os.Args[1], usage)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}
