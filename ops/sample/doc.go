// Package sample holds the sampling processors (processors.md §7):
// sample_exact keeps an exact share of each slice, chosen at random, and
// sample_random keeps each record with a probability.
//
// Randomness comes from math/rand/v2; the constructors take the generator
// so tests can fix it.
//
// It is an ops family: it imports job and record, never the compiler or
// another ops package.
package sample
