package cli

import (
	"io"

	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// runArray handles input that is one JSON array of records.
func (s *stream) runArray(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	v, err := record.ParseJSON(data)
	if err != nil {
		return err
	}
	arr, _ := v.([]any)
	b := &batch{}
	for i, e := range arr {
		o, ok := e.(*record.Object)
		if !ok {
			b.dead = deadLine(b.dead, s.name, i+1, "IN002", "expected a JSON object, got "+record.TypeName(e), []byte(record.JSON(e)))
			continue
		}
		if i == 0 {
			if hits, ok := searchHits(o); ok {
				for _, h := range hits {
					b.records = append(b.records, record.New(h))
				}
				continue
			}
		}
		b.records = append(b.records, record.New(o))
	}
	var st plan.State
	s.process(b, &st)
	s.out.Write(b.out)
	s.dead.Write(b.dead)
	return nil
}
