package plan

import "github.com/sluice-dev/sluice/record"

// The phase entry points below run one phase on a record whose matched
// selectors are given, as the reference's phase tests do. They are meant for
// tests and tools; Run and RunOne are the normal entry points.

func (p *Plan) hitsOf(selectors []string) []int {
	var hits []int
	for _, q := range selectors {
		for i, s := range p.Selectors {
			if s.Query == q {
				hits = append(hits, i)
			}
		}
	}
	return hits
}

// ExtractPhase runs the extraction phase for the given matched selectors.
func (p *Plan) ExtractPhase(r *record.Record, selectors []string) (*record.Record, error) {
	st := &State{hits: p.hitsOf(selectors), plan: p}
	saved := p.Processing
	p.Processing = false
	defer func() { p.Processing = saved }()
	out, d := p.transform(r, st)
	if d != nil {
		return nil, d.asError()
	}
	return out, nil
}

// PostProcessPhase runs the post-process phase for the given matched selectors.
func (p *Plan) PostProcessPhase(r *record.Record, selectors []string) (*record.Record, error) {
	st := &State{hits: p.hitsOf(selectors), extracted: p.Extracting, plan: p}
	out, d := p.postProcess(r, r, st)
	if d != nil {
		return nil, d.asError()
	}
	return out, nil
}

// OutputPhase runs the output phase.
func (p *Plan) OutputPhase(r *record.Record) *record.Record { return p.output(r, nil, 0) }

type deadError struct{ d *DeadLetter }

func (e deadError) Error() string { return e.d.Rule.Pos() + ": " + e.d.Code + " " + e.d.Message }

func (d *DeadLetter) asError() error { return deadError{d} }
