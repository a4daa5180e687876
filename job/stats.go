package job

import (
	"sync"
	"sync/atomic"
	"time"
)

// OpStats counts one operation's work across every worker.
type OpStats struct {
	Where string
	Label string
	Index int
	in    atomic.Int64
	out   atomic.Int64
	dead  atomic.Int64
	nanos atomic.Int64
}

func (s *OpStats) countDead() {
	if s != nil {
		s.dead.Add(1)
	}
}

func (s *OpStats) record(in, out int, d time.Duration) {
	s.in.Add(int64(in))
	s.out.Add(int64(out))
	s.nanos.Add(int64(d))
}

// OpSummary is one operation's line of the job summary.
type OpSummary struct {
	Op           string  `json:"op"`
	Index        int     `json:"index"`
	RecordsIn    int64   `json:"records_in"`
	RecordsOut   int64   `json:"records_out"`
	DeadLettered int64   `json:"dead_lettered"`
	Seconds      float64 `json:"seconds"`
}

// Progress is a snapshot of a running execution.
type Progress struct {
	SlicesDone    int64
	SlicesFailed  int64
	SlicesQueued  int64
	SlicesRunning int64
	Retries       int64
	RecordsIn     int64 // records the reader fetched
	RecordsOut    int64 // records the last operation returned
	Elapsed       time.Duration
}

// Summary is the account of a finished execution.
type Summary struct {
	Job          string      `json:"job"`
	Lifecycle    string      `json:"lifecycle"`
	Status       string      `json:"status"` // completed, failed, stopped
	Workers      int         `json:"workers"`
	SlicesDone   int64       `json:"slices_done"`
	SlicesFailed int64       `json:"slices_failed"`
	Retries      int64       `json:"retries"`
	NotStarted   int64       `json:"slices_not_started"`
	RecordsIn    int64       `json:"records_in"`
	RecordsOut   int64       `json:"records_out"`
	Seconds      float64     `json:"seconds"`
	Operations   []OpSummary `json:"operations"`
	Errors       []string    `json:"errors,omitempty"` // the first slice failures
}

// execStats is the execution-wide counters.
type execStats struct {
	start   time.Time
	ops     []*OpStats
	done    atomic.Int64
	failed  atomic.Int64
	queued  atomic.Int64
	running atomic.Int64
	retries atomic.Int64
	dropped atomic.Int64 // queued slices never started (graceful stop)
	mu      sync.Mutex
	errors  []string
}

const maxSummaryErrors = 20

func (s *execStats) addError(msg string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.errors) < maxSummaryErrors {
		s.errors = append(s.errors, msg)
	}
}

func (s *execStats) progress() Progress {
	p := Progress{
		SlicesDone: s.done.Load(), SlicesFailed: s.failed.Load(), SlicesQueued: s.queued.Load(),
		SlicesRunning: s.running.Load(), Retries: s.retries.Load(), Elapsed: time.Since(s.start),
	}
	if len(s.ops) > 0 {
		p.RecordsIn = s.ops[0].out.Load()
		p.RecordsOut = s.ops[len(s.ops)-1].out.Load()
	}
	return p
}

func (s *OpStats) summary() OpSummary {
	return OpSummary{Op: s.Label, Index: s.Index, RecordsIn: s.in.Load(), RecordsOut: s.out.Load(),
		DeadLettered: s.dead.Load(), Seconds: time.Duration(s.nanos.Load()).Seconds()}
}

func (s *execStats) summary(j *Job, status string) *Summary {
	p := s.progress()
	sum := &Summary{
		Job: j.Name, Lifecycle: j.Lifecycle, Status: status, Workers: j.Workers,
		SlicesDone: p.SlicesDone, SlicesFailed: p.SlicesFailed, Retries: p.Retries, NotStarted: s.dropped.Load(),
		RecordsIn: p.RecordsIn, RecordsOut: p.RecordsOut, Seconds: p.Elapsed.Seconds(),
	}
	for _, o := range s.ops {
		sum.Operations = append(sum.Operations, o.summary())
	}
	s.mu.Lock()
	sum.Errors = append([]string(nil), s.errors...)
	s.mu.Unlock()
	return sum
}
