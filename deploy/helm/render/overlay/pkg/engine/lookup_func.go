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

// This file replaces helm v4.3.2's pkg/engine/lookup_func.go in toolmend's chart renderer (deploy/helm/render):
// `helm template` never talks to a cluster (the engine has no client provider, so templates get the placeholder
// "lookup" of funcs.go, which returns an empty map). Without the cluster client the renderer does not link
// k8s.io/client-go.

package engine

import (
	"context"
	"errors"
)

type lookupFunc = func(apiversion, resource, namespace, name string) (map[string]any, error)

// ClientProvider would give the lookup function its cluster clients; this build has none.
type ClientProvider interface {
	GetClientFor(apiVersion, kind string) (any, bool, error)
}

func newLookupFunction(_ context.Context, _ ClientProvider) lookupFunc {
	return func(string, string, string, string) (map[string]any, error) {
		return nil, errors.New("lookup: this renderer has no Kubernetes client (deploy/helm/render)")
	}
}
