package stream

import (
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// producer is the client of one connection, shared by the senders of its
// routes. A client whose in-flight messages went unanswered is thrown away
// (reset) so that a retried slice starts from a clean producer state.
type producer struct {
	opts []kgo.Opt
	mu   sync.Mutex
	cl   *kgo.Client
}

func newProducer(opts []kgo.Opt) (*producer, error) {
	p := &producer{opts: opts}
	_, err := p.client()
	return p, err
}

// client returns the current client, making one when there is none (it
// connects lazily, on the first request).
func (p *producer) client() (*kgo.Client, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cl == nil {
		cl, err := kgo.NewClient(p.opts...)
		if err != nil {
			return nil, err
		}
		p.cl = cl
	}
	return p.cl, nil
}

// abandon fails every message cl still holds (their promises report
// kgo.ErrAborting) and retires cl; the next client() makes a new one.
func (p *producer) abandon(cl *kgo.Client) {
	p.mu.Lock()
	if p.cl == cl {
		p.cl = nil
	}
	p.mu.Unlock()
	cl.UnsafeAbortBufferedRecords()
	go cl.Close()
}

// close closes the current client.
func (p *producer) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cl != nil {
		p.cl.Close()
		p.cl = nil
	}
}
