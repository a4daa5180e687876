package postprocess

// Recycle declares every value sc has made (boxed strings, text, parsed
// JSON) dead, for sc to hand out their memory again: see
// record.Decoder.Recycle for the contract.
func (sc *Scratch) Recycle() {
	if sc.boxes != nil {
		sc.boxes.Recycle()
	}
	sc.decoder.Recycle()
}
