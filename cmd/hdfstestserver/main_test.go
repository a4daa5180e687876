package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRunAnnouncesAndStops(t *testing.T) {
	dir := t.TempDir()
	out, w := io.Pipe()
	stop := make(chan os.Signal, 1)
	var stderr bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- run([]string{"-dir", dir, "-block-size", "1048576"}, w, &stderr, stop) }()

	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "READY ")
	if !ok || !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Fatalf("first line %q, want READY 127.0.0.1:<port>", line)
	}
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatalf("NameNode not accepting: %v", err)
	}
	c.Close()
	stop <- syscall.SIGTERM
	select {
	case got := <-code:
		if got != 0 {
			t.Fatalf("exit code %d, stderr %s", got, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("did not stop on SIGTERM")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("a given -dir must survive: %v", err)
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	var stderr bytes.Buffer
	if got := run([]string{"-port", "x"}, io.Discard, &stderr, nil); got != 2 {
		t.Fatalf("bad flag: exit %d", got)
	}
	if got := run([]string{"extra"}, io.Discard, &stderr, nil); got != 2 {
		t.Fatalf("extra argument: exit %d", got)
	}
	if got := run([]string{"-block-size", "1000"}, io.Discard, &stderr, nil); got != 1 || !strings.Contains(stderr.String(), "multiple of bytes per checksum") {
		t.Fatalf("bad block size: exit %d, %s", got, stderr.String())
	}
}
