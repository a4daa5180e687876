package pipelinecli

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sluice-dev/sluice/internal/cli"
	"github.com/sluice-dev/sluice/internal/svggraph"
	"github.com/sluice-dev/sluice/job"
	"github.com/sluice-dev/sluice/plan"
)

// pipelineExplainCmd: pipeline explain JOB.json [--format text|dot|svg|html]
// [--connections FILE] [--assets DIR], or pipeline explain CODE / codes for
// the diagnostic catalogue.
func pipelineExplainCmd(args []string, env cli.Env) error {
	if cli.IsCodeQuery(args) {
		return cli.ExplainCode(args[0], env)
	}
	args, format, err := cutValueFlag(args, "--format")
	if err != nil {
		return err
	}
	f, err := parseJobFlags("explain", args)
	if err != nil {
		return err
	}
	j, err := loadJob(f, env.Stderr)
	if err != nil {
		return err
	}
	jg := newJobGraph(j, f.file)
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	switch format {
	case "", "text":
		jg.writeText(w)
	case "dot":
		jg.writeDOT(w)
	case "svg":
		svggraph.Write(w, jg.graphs()...)
	case "html":
		return cli.WriteHTML(w, "pipeline explain "+f.file, jg.graphs(), jg.files)
	default:
		return cli.UsageErr("unknown --format %q (text, dot, svg or html)", format)
	}
	return nil
}

// cutValueFlag removes "NAME VALUE" (or NAME=VALUE) from args.
func cutValueFlag(args []string, name string) ([]string, string, error) {
	var out []string
	value := ""
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == name:
			if i+1 >= len(args) {
				return nil, "", cli.UsageErr("%s needs a value", name)
			}
			value = args[i+1]
			i++
		case strings.HasPrefix(args[i], name+"="):
			value = strings.TrimPrefix(args[i], name+"=")
		default:
			out = append(out, args[i])
		}
	}
	return out, value, nil
}

// jobGraph is a job as a graph: the reader and processors in order, the
// apis and connections they use, and each transform's compiled plan.
type jobGraph struct {
	job   *job.Job
	file  string
	files []string // the job file, then every rule file (for HTML links)
	nodes []jobNode
	edges [][2]string
	plans []nestedPlan
}

type jobNode struct {
	id, kind, title, detail string
	line                    int
}

type nestedPlan struct {
	op    int
	title string
	rules []string
	plan  *plan.Plan
}

func newJobGraph(j *job.Job, file string) *jobGraph {
	g := &jobGraph{job: j, file: file, files: []string{file}}
	for _, c := range j.APIs {
		g.nodes = append(g.nodes, jobNode{id: "api" + strconv.Itoa(c.Index), kind: "api", title: c.Label, detail: "apis[" + strconv.Itoa(c.Index) + "]", line: lineOf(c, "_name")})
	}
	for i, c := range j.Operations {
		g.addOperation(i, c)
	}
	for _, a := range j.APIs {
		g.addConnections("api"+strconv.Itoa(a.Index), a)
	}
	return g
}

func lineOf(c *job.Config, key string) int { return c.Span(key).Pos().Line }

func (g *jobGraph) addOperation(i int, c *job.Config) {
	id := "op" + strconv.Itoa(i)
	kind := "processor"
	if i == 0 {
		kind = "reader"
	}
	g.nodes = append(g.nodes, jobNode{id: id, kind: kind, title: c.Label, detail: "operations[" + strconv.Itoa(i) + "] " + kind, line: lineOf(c, "_op")})
	if i > 0 {
		g.addEdge("op"+strconv.Itoa(i-1), id)
	}
	for _, key := range []string{"_api_name", "api_name", "_dead_letter_action"} {
		if a := g.job.API(c.String(key)); a != nil {
			g.addEdge(id, "api"+strconv.Itoa(a.Index))
		}
	}
	g.addConnections(id, c)
	if p, ok := c.Prepared.(*plan.Plan); ok && p != nil {
		rules := c.Strings("rules")
		for k, r := range rules {
			rules[k] = g.job.ResolvePath(r)
		}
		for _, r := range rules {
			if !slices.Contains(g.files, r) {
				g.files = append(g.files, r)
			}
		}
		g.plans = append(g.plans, nestedPlan{op: i, title: fmt.Sprintf("operations[%d] %s: %s", i, c.Label, strings.Join(rules, ", ")), rules: rules, plan: p})
	}
}

// addConnections links a configuration to the connection it names.
func (g *jobGraph) addConnections(from string, c *job.Config) {
	if c.Spec == nil || c.Spec.Connection == "" {
		return
	}
	name := c.String("_connection")
	if name == "" {
		name = c.String("connection")
	}
	if name == "" {
		name = "default"
	}
	id := "conn-" + c.Spec.Connection + "-" + name
	if !g.hasNode(id) {
		g.nodes = append(g.nodes, jobNode{id: id, kind: "connection", title: c.Spec.Connection + " " + name, detail: "connection"})
	}
	g.addEdge(from, id)
}

// addEdge adds an edge once.
func (g *jobGraph) addEdge(from, to string) {
	e := [2]string{from, to}
	for _, x := range g.edges {
		if x == e {
			return
		}
	}
	g.edges = append(g.edges, e)
}

func (g *jobGraph) hasNode(id string) bool {
	for _, n := range g.nodes {
		if n.id == id {
			return true
		}
	}
	return false
}

func (g *jobGraph) writeText(w io.Writer) {
	j := g.job
	fmt.Fprintf(w, "job %q (%s, %d worker(s), %d slicer(s), max_retries %d)  %s\n", j.Name, j.Lifecycle, j.Workers, j.Slicers, j.MaxRetries, g.file)
	fmt.Fprintln(w, "\noperations:")
	for i, c := range j.Operations {
		role := ""
		if i == 0 {
			role = " (reader)"
		}
		fmt.Fprintf(w, "  [%d] %s%s  (%s:%d)%s\n", i, c.Label, role, g.file, lineOf(c, "_op"), g.links("op"+strconv.Itoa(i)))
		for _, np := range g.plans {
			if np.op == i {
				var b bytes.Buffer
				np.plan.Dump(&b)
				fmt.Fprint(w, cli.IndentLines(b.String(), "      "))
			}
		}
	}
	fmt.Fprintln(w, "\napis:")
	if len(j.APIs) == 0 {
		fmt.Fprintln(w, "  (none)")
	}
	for _, a := range j.APIs {
		fmt.Fprintf(w, "  [%d] %s  (%s:%d)%s\n", a.Index, a.Label, g.file, lineOf(a, "_name"), g.links("api"+strconv.Itoa(a.Index)))
	}
}

// links lists the apis and connections a node points to.
func (g *jobGraph) links(id string) string {
	var out []string
	for _, e := range g.edges {
		if e[0] != id || strings.HasPrefix(e[1], "op") {
			continue
		}
		for _, n := range g.nodes {
			if n.id == e[1] {
				out = append(out, n.kind+" "+n.title)
			}
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		return ""
	}
	return "  -> " + strings.Join(out, ", ")
}

// writeDOT writes the job graph with each plan as a cluster under its
// operation.
func (g *jobGraph) writeDOT(w io.Writer) {
	fmt.Fprintln(w, "digraph job {\n  rankdir=LR;\n  compound=true;\n  node [fontname=\"monospace\", fontsize=10];")
	shapes := map[string]string{"reader": "box, style=\"rounded,filled\", fillcolor=\"#e6f4ea\"", "processor": "box",
		"api": "box, style=filled, fillcolor=\"#fef7e0\"", "connection": "ellipse"}
	for _, n := range g.nodes {
		fmt.Fprintf(w, "  %s [shape=%s, label=\"%s\"];\n", dotID(n.id), shapes[n.kind], dotLabel(n.title, n.detail))
	}
	for _, e := range g.edges {
		fmt.Fprintf(w, "  %s -> %s;\n", dotID(e[0]), dotID(e[1]))
	}
	for k, np := range g.plans {
		prefix := "p" + strconv.Itoa(k) + "_"
		fmt.Fprintf(w, "  subgraph cluster_%d {\n    label=\"%s\";\n", k, dotEscape(np.title))
		nodes, edges := np.plan.Graph()
		for _, n := range nodes {
			fmt.Fprintf(w, "    %s [shape=box, label=\"%s\"];\n", dotID(prefix+n.ID), dotLabel(n.Title, n.Rule.Pos()))
		}
		for _, e := range edges {
			fmt.Fprintf(w, "    %s -> %s;\n", dotID(prefix+e[0]), dotID(prefix+e[1]))
		}
		fmt.Fprintln(w, "  }")
		if len(nodes) > 0 {
			fmt.Fprintf(w, "  %s -> %s [style=dashed, lhead=cluster_%d];\n", dotID("op"+strconv.Itoa(np.op)), dotID(prefix+nodes[0].ID), k)
		}
	}
	fmt.Fprintln(w, "}")
}

func dotID(s string) string { return "\"" + dotEscape(s) + "\"" }

// dotEscape quotes s for a Graphviz string: backslashes and double quotes
// are escaped, so a rule's \d or a job name with a quote shows as written.
func dotEscape(s string) string { return dotEscaper.Replace(s) }

var dotEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

// dotLabel is a node label of lines, each escaped, joined by Graphviz's \n.
func dotLabel(lines ...string) string {
	for i, l := range lines {
		lines[i] = dotEscape(l)
	}
	return strings.Join(lines, `\n`)
}

// graphs are the job graph and, under it, each transform's plan.
func (g *jobGraph) graphs() []svggraph.Graph {
	job := svggraph.Graph{Title: "job " + strconv.Quote(g.job.Name)}
	for _, n := range g.nodes {
		node := svggraph.Node{ID: n.id, Lines: []string{n.title, n.detail}, Class: n.kind}
		if n.line > 0 {
			node.Data = map[string]string{"file": "0", "line": strconv.Itoa(n.line)}
		}
		job.Nodes = append(job.Nodes, node)
	}
	for _, e := range g.edges {
		job.Edges = append(job.Edges, svggraph.Edge{From: e[0], To: e[1]})
	}
	out := []svggraph.Graph{job}
	for k, np := range g.plans {
		out = append(out, cli.PlanGraph(np.plan, np.title, "p"+strconv.Itoa(k)+"-", g.files))
	}
	return out
}
