/*
Copyright The Helm Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package version

// This file replaces helm v4.3.2's internal/version/clientgo.go in toolmend's chart renderer (deploy/helm/render),
// which does not link k8s.io/client-go: the version helm v4.3.2's go.mod requires, which a helm built from the
// module reads from its build information (Capabilities.KubeVersion v1.37.0 by default).

func K8sIOClientGoModVersion() (string, error) {
	return "v0.37.2", nil
}
