package record

import (
	"strings"
	"testing"
	"unsafe"
)

// TestBoxesTextRoom: a text built in TextRoom's room is kept there by
// StringInRoom (no copy) and never written over by the texts after it,
// across chunks; a text that outgrows its room, one not built in the room,
// an empty one and one longer than a chunk keeps come out right too; no
// room is given for more than a chunk keeps.
func TestBoxesTextRoom(t *testing.T) {
	var b Boxes
	if room := b.TextRoom(maxBytes + 1); room != nil {
		t.Fatalf("TextRoom(%d) gave room", maxBytes+1)
	}
	type kept struct{ want, got string }
	var all []kept
	inPlace := 0
	for i := 0; i < 3*bytesChunk; i++ {
		want := strings.Repeat(string(rune('a'+i%26)), 1+i%40)
		room := b.TextRoom(len(want))
		if cap(room) < len(want) || len(room) != 0 {
			t.Fatalf("TextRoom(%d): len %d cap %d", len(want), len(room), cap(room))
		}
		p := append(room, want...)
		got := b.StringInRoom(p).(string)
		if unsafe.StringData(got) == unsafe.SliceData(room[:1]) {
			inPlace++
		}
		all = append(all, kept{want, got})
	}
	if inPlace != 3*bytesChunk {
		t.Errorf("%d of %d texts kept where they were built", inPlace, 3*bytesChunk)
	}
	grown := b.TextRoom(2)
	grown = append(grown, strings.Repeat("g", bytesChunk)...) // outgrows the chunk: moved
	all = append(all, kept{strings.Repeat("g", bytesChunk), b.StringInRoom(grown).(string)})
	elsewhere := []byte("not in the room")
	got := b.StringInRoom(elsewhere).(string)
	copy(elsewhere, "XXXXXXXX")
	all = append(all, kept{"not in the room", got})
	all = append(all, kept{"", b.StringInRoom(b.TextRoom(0)).(string)})
	for _, k := range all {
		if k.got != k.want {
			t.Fatalf("kept %q, want %q", k.got, k.want)
		}
	}
}

// TestBoxesTextRoomAllocs: a short text in the room takes no allocation.
func TestBoxesTextRoomAllocs(t *testing.T) {
	var b Boxes
	b.Recycle() // keeps its chunks from now on
	for i := 0; i < 2*bytesChunk; i++ {
		b.StringInRoom(append(b.TextRoom(5), "hello"...))
	}
	b.Recycle()
	if n := testing.AllocsPerRun(1000, func() { b.StringInRoom(append(b.TextRoom(5), "hello"...)) }); n > 0 {
		t.Errorf("%v allocations per text", n)
	}
}
