module github.com/sluice-dev/sluice

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/asaskevich/govalidator v0.0.0-20230301143203-a9d515a09cc2 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	github.com/mmcloughlin/geohash v0.10.0 // indirect
	github.com/nyaruka/phonenumbers v1.8.1 // indirect
	golang.org/x/crypto v0.58.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/protobuf v1.36.11 // indirect
)
