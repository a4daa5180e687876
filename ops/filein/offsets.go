package filein

// Range is a byte range of a file: a slice request of the file reader.
type Range struct {
	Path   string
	Offset int64
	Length int64
	Total  int64 // the file's size when it was sliced
}

// Offsets is an offset and a length (getOffsets' element).
type Offsets struct {
	Offset int64
	Length int64
}

// GetOffsets cuts a file of total bytes into ranges of size bytes, the
// reference's getOffsets: the first range is [0, size); every later range
// starts delimLen bytes before its nominal start k*size (and is delimLen
// bytes longer), so its reader can tell whether a record starts exactly at
// the nominal start; the last range holds the remainder. A file smaller
// than size is one range; an empty file has none.
//
// A size not larger than delimLen is taken as delimLen+1: only the first
// range may start at offset 0 (the reference computes offsets of 0 and
// below for later ranges then, and reads records twice).
func GetOffsets(size, total int64, delimLen int) []Offsets {
	d := int64(delimLen)
	size = max(size, d+1)
	if total == 0 {
		return nil
	}
	if total < size {
		return []Offsets{{Offset: 0, Length: total}}
	}
	full := total / size
	out := make([]Offsets, 0, full+1)
	out = append(out, Offsets{Offset: 0, Length: size})
	for k := int64(1); k < full; k++ {
		out = append(out, Offsets{Offset: k*size - d, Length: size + d})
	}
	if rest := total % size; rest > 0 {
		out = append(out, Offsets{Offset: full*size - d, Length: rest + d})
	}
	return out
}

// SliceOptions say how a file is cut into ranges.
type SliceOptions struct {
	Size      int64
	Delimiter string
	// WholeFile makes one range of the whole file (format json, or
	// file_per_slice).
	WholeFile bool
}

// SegmentFile is the reference's segmentFile: the ranges of one file of
// total bytes. A whole-file range of an empty file is kept (the file is
// still read, and yields nothing); ranges of an empty file are not.
func SegmentFile(path string, total int64, o SliceOptions) []Range {
	if o.WholeFile {
		return []Range{{Path: path, Offset: 0, Length: total, Total: total}}
	}
	offs := GetOffsets(o.Size, total, len(o.Delimiter))
	out := make([]Range, len(offs))
	for i, off := range offs {
		out[i] = Range{Path: path, Offset: off.Offset, Length: off.Length, Total: total}
	}
	return out
}
