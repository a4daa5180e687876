package lint

// AlwaysValid exposes the constant-validation table to the external tests.
var AlwaysValid = alwaysValid
