package hdfstest

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"testing"
	"time"
)

// Options configure a Server. The zero value is a usable configuration.
type Options struct {
	// Addr and DataAddr are the NameNode (RPC) and DataNode (data transfer)
	// listen addresses; both must be loopback. Default "127.0.0.1:0".
	Addr, DataAddr string
	// Dir holds the block files. Default: a new temporary directory that
	// Close removes.
	Dir string
	// BlockSize is the default block size getServerDefaults reports
	// (default 64 MiB); small values give multi-block files in tests.
	BlockSize int64
	// MinBlockSize is the smallest block size create accepts
	// (dfs.namenode.fs-limits.min-block-size; default BytesPerChecksum).
	MinBlockSize int64
	// BytesPerChecksum is reported by getServerDefaults (default 512).
	BytesPerChecksum int
	// ListLimit caps the entries of one getListing reply (dfs.ls.limit,
	// default 1000).
	ListLimit int
	// Superuser owns "/" and acts for connections that name no user
	// (default "dfs").
	Superuser string
	// IdleTimeout bounds the wait for the next DataNode operation on a
	// connection (default 60 s).
	IdleTimeout time.Duration
	// Logf receives protocol errors; default: discarded.
	Logf func(format string, args ...any)
}

func (o Options) withDefaults() (Options, error) {
	o.Addr = cmp.Or(o.Addr, "127.0.0.1:0")
	o.DataAddr = cmp.Or(o.DataAddr, "127.0.0.1:0")
	o.Superuser = cmp.Or(o.Superuser, "dfs")
	o.BlockSize = cmp.Or(o.BlockSize, 64<<20)
	o.BytesPerChecksum = cmp.Or(o.BytesPerChecksum, 512)
	o.MinBlockSize = cmp.Or(o.MinBlockSize, int64(o.BytesPerChecksum))
	o.ListLimit = cmp.Or(o.ListLimit, 1000)
	o.IdleTimeout = cmp.Or(o.IdleTimeout, time.Minute)
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.BytesPerChecksum <= 0 || o.BlockSize%int64(o.BytesPerChecksum) != 0 || o.BlockSize < o.MinBlockSize {
		return o, fmt.Errorf("hdfstest: block size %d must be a positive multiple of bytes per checksum %d and at least %d",
			o.BlockSize, o.BytesPerChecksum, o.MinBlockSize)
	}
	return o, nil
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// Server is a running NameNode and DataNode.
type Server struct {
	nn         *namenode
	dn         *datanode
	nnLn, dnLn net.Listener
	tempDir    string
	wg         sync.WaitGroup
	mu         sync.Mutex
	conns      map[net.Conn]struct{}
	closed     bool
}

// Start starts a NameNode and a DataNode on loopback addresses.
func Start(opts Options) (*Server, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{conns: map[net.Conn]struct{}{}}
	if err := s.listen(opts); err != nil {
		s.Close()
		return nil, err
	}
	dn, err := s.newDatanode(opts)
	if err != nil {
		s.Close()
		return nil, err
	}
	s.dn, s.nn = dn, newNamenode(opts, dn.pool, dn)
	s.accept(s.nnLn, s.nn.serve)
	s.accept(s.dnLn, s.dn.serve)
	return s, nil
}

// StartTB starts a server for a test or benchmark and closes it when tb
// ends.
func StartTB(tb testing.TB, opts Options) *Server {
	tb.Helper()
	if opts.Logf == nil {
		opts.Logf = tb.Logf
	}
	s, err := Start(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func (s *Server) listen(opts Options) error {
	var err error
	if s.nnLn, err = listenLoopback(opts.Addr); err != nil {
		return err
	}
	s.dnLn, err = listenLoopback(opts.DataAddr)
	return err
}

func listenLoopback(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("hdfstest: %w", err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("hdfstest: %s is not a loopback address", addr)
	}
	return net.Listen("tcp", addr)
}

func (s *Server) newDatanode(opts Options) (*datanode, error) {
	dir := opts.Dir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "hdfstest-"); err != nil {
			return nil, err
		}
		s.tempDir = dir
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return &datanode{
		dir:      dir,
		pool:     "BP-" + randomHex(4) + "-127.0.0.1-" + fmt.Sprint(time.Now().UnixMilli()),
		id:       randomHex(16),
		storage:  "DS-" + randomHex(16),
		addr:     s.dnLn.Addr().(*net.TCPAddr),
		replicas: map[uint64]*replica{},
		cfg:      opts,
	}, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func (s *Server) accept(ln net.Listener, serve func(net.Conn)) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if !s.track(c) {
				c.Close()
				return
			}
			s.wg.Add(1)
			go s.handle(c, serve)
		}
	}()
}

func (s *Server) handle(c net.Conn, serve func(net.Conn)) {
	defer s.wg.Done()
	defer s.untrack(c)
	serve(c)
}

func (s *Server) track(c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.conns[c] = struct{}{}
	return true
}

func (s *Server) untrack(c net.Conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	c.Close()
}

// Addr is the NameNode's RPC address, "127.0.0.1:port".
func (s *Server) Addr() string { return s.nnLn.Addr().String() }

// DataAddr is the DataNode's data-transfer address.
func (s *Server) DataAddr() string { return s.dnLn.Addr().String() }

// Close stops both servers, drops open connections, waits for every
// goroutine and removes the temporary block directory.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	var errs []error
	for _, ln := range []net.Listener{s.nnLn, s.dnLn} {
		if ln != nil {
			ln.Close()
		}
	}
	s.wg.Wait()
	if s.tempDir != "" {
		errs = append(errs, os.RemoveAll(s.tempDir))
	}
	return errors.Join(errs...)
}
