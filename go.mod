module github.com/sluice-dev/sluice

go 1.26.8

require (
	github.com/dlclark/regexp2 v1.12.0
	github.com/emmansun/gmsm v0.42.0
	github.com/nyaruka/phonenumbers v1.6.11
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/crypto v0.58.0
	golang.org/x/text v0.43.0
)

require (
	golang.org/x/exp v0.0.0-20250305212735-054e65f0b394 // indirect
	golang.org/x/sys v0.49.0 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)
