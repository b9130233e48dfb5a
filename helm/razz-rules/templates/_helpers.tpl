{{- define "razz-rules.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "razz-rules.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "razz-rules.selectorLabels" -}}
app.kubernetes.io/name: {{ include "razz-rules.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "razz-rules.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "razz-rules.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Pod-level hardening shared by the service and the test pod: the uids podSecurityContext gives (one set
to null is left to the platform, as OpenShift assigns its own), never root. */}}
{{- define "razz-rules.podSecurityContext" -}}
runAsNonRoot: true
{{- range $field := list "runAsUser" "runAsGroup" "fsGroup" }}
{{- with index $.Values.podSecurityContext $field }}
{{ $field }}: {{ . }}
{{- end }}
{{- end }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* Container-level hardening; the uids are the pod's. */}}
{{- define "razz-rules.containerSecurityContext" -}}
runAsNonRoot: true
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop:
    - ALL
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/* The image to run, by digest when one is given, else by tag (the chart's appVersion by default). */}}
{{- define "razz-rules.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) }}
{{- end }}
{{- end }}

{{/* The pods' ServiceAccount: the one the chart makes, or the one named, or the namespace's default. */}}
{{- define "razz-rules.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "razz-rules.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The archive job's pods: a name of their own, so that the Service, the PodDisruptionBudget and the
NetworkPolicy, which select the service's pods, never select them. */}}
{{- define "razz-rules.archiveLabels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "razz-rules.name" . }}-archive
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: archive-check
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}
