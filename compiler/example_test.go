package compiler_test

import (
	"fmt"

	"github.com/sluice-dev/sluice/compiler"
	"github.com/sluice-dev/sluice/lang/diag"
	"github.com/sluice-dev/sluice/plan"
	"github.com/sluice-dev/sluice/record"
)

// Example compiles rules from memory, runs them over records, and stores the
// compiled plan for a service to load without the compiler.
func Example() {
	rules := `{"selector": "type:web", "source": "url", "start": "user=", "end": "EOP", "target": "user"}
{"selector": "type:web", "source": "status", "target": "status"}`
	p, diags := compiler.Compile([]*diag.Source{diag.NewSource("rules.txt", []byte(rules))},
		compiler.Config{Types: map[string]string{"status": "integer"}})
	if p == nil {
		fmt.Println(diags)
		return
	}
	in, _ := record.ParseObject([]byte(`{"type":"web","url":"http://x/?user=ann&a=1","status":200}`))
	out, _ := p.Run([]*record.Record{record.New(in)})
	fmt.Println(record.JSON(out[0].Data))

	saved, _ := p.Marshal()
	loaded, err := plan.Load(saved)
	if err != nil {
		fmt.Println(err)
		return
	}
	in2, _ := record.ParseObject([]byte(`{"type":"web","url":"http://x/?user=bob","status":404}`))
	out, _ = loaded.Run([]*record.Record{record.New(in2)})
	fmt.Println(record.JSON(out[0].Data))
	// Output:
	// {"user":"ann","status":200}
	// {"user":"bob","status":404}
}
