package sample

import "math/rand/v2"

// SetRand makes every new processor draw from generators made by mk until
// the returned function restores the default.
func SetRand(mk func() *rand.Rand) (restore func()) {
	old := newRand
	newRand = mk
	return func() { newRand = old }
}
