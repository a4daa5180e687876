module github.com/sluice-dev/sluice

go 1.26.8

require (
	github.com/dlclark/regexp2 v1.12.0
	github.com/expr-lang/expr v1.17.8
	github.com/nyaruka/phonenumbers v1.8.1
	github.com/pierrec/lz4/v4 v4.1.33
	go.yaml.in/yaml/v3 v3.0.4
	golang.org/x/crypto v0.58.0
	golang.org/x/text v0.43.0
)

require google.golang.org/protobuf v1.36.11 // indirect
