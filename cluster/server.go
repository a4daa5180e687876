package cluster

import (
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Server is an in-process NATS server with JetStream.
type Server struct {
	srv *server.Server
}

// Embedded starts a NATS server with JetStream storing its files under
// dir, listening on 127.0.0.1:port (0: a free port).
func Embedded(dir string, port int) (*Server, error) {
	if port == 0 {
		port = server.RANDOM_PORT
	}
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: port, JetStream: true, StoreDir: dir,
		NoSigs: true, NoLog: true})
	if err != nil {
		return nil, fmt.Errorf("nats server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, errors.New("nats server: not ready after 10s")
	}
	return &Server{srv: srv}, nil
}

// URL is the server's client address, nats://127.0.0.1:PORT.
func (s *Server) URL() string { return s.srv.ClientURL() }

// Shutdown stops the server and waits until it has stopped.
func (s *Server) Shutdown() {
	s.srv.Shutdown()
	s.srv.WaitForShutdown()
}

// Connect connects to a NATS server and keeps reconnecting for as long as
// the connection is used (a server restarted mid-job is waited for).
func Connect(url, name string) (*nats.Conn, error) {
	nc, err := nats.Connect(url, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.Timeout(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("connect to %s: %w", url, err)
	}
	return nc, nil
}
