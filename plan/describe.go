package plan

// Describe renders the extraction as in Dump ("url [start "user=" end "EOP"] -> user_name").
func (e *Extraction) Describe() string { return e.describe() }

// Describe renders the step as in Dump ("toLowerCase verb").
func (s *Step) Describe() string { return s.describe() }
