package datamate

import "github.com/sluice-dev/sluice/postprocess"

var specs []*postprocess.Spec

func register(s ...*postprocess.Spec) { specs = append(specs, s...) }

// Specs returns the data-mate operations in registration order (field
// transforms, field validators, record validators, record transforms).
func Specs() []*postprocess.Spec { return specs }
