package plan

// Recycle declares every record st's Decoder has decoded, every output
// RunOne returned and every value the rules made for them dead: st hands
// out their memory again for the records that follow. Call it only when
// none of them is read any more, e.g. once a batch's outputs and dead
// letters are encoded (rulec run); see record.Decoder.Recycle.
func (st *State) Recycle() {
	st.Decoder.Recycle()
	st.scratch.Recycle() // (the reused output record is emptied when next used: fork)
}
