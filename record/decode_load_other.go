//go:build !(amd64 || arm64)

package record

import "github.com/sluice-dev/sluice/internal/swar"

// load64 is swar.Load64 (decode_load_unaligned.go has the fast one).
func load64(s string, i int) uint64 { return swar.Load64(s, i) }
