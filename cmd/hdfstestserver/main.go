package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/sluice-dev/sluice/internal/hdfstest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, signals()))
}

func signals() <-chan os.Signal {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGTERM, syscall.SIGINT)
	return ch
}

// run starts the server, announces it and waits for stop.
func run(args []string, stdout, stderr io.Writer, stop <-chan os.Signal) int {
	opts, err := parse(args, stderr)
	if err != nil {
		return 2
	}
	logger := log.New(stderr, "hdfstestserver: ", log.LstdFlags)
	opts.Logf = logger.Printf
	srv, err := hdfstest.Start(opts)
	if err != nil {
		fmt.Fprintln(stderr, "hdfstestserver:", err)
		return 1
	}
	logger.Printf("NameNode %s, DataNode %s", srv.Addr(), srv.DataAddr())
	fmt.Fprintln(stdout, "READY", srv.Addr())
	<-stop
	if err := srv.Close(); err != nil {
		fmt.Fprintln(stderr, "hdfstestserver:", err)
		return 1
	}
	return 0
}

func parse(args []string, stderr io.Writer) (hdfstest.Options, error) {
	fs := flag.NewFlagSet("hdfstestserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := fs.Int("port", 0, "NameNode RPC port on 127.0.0.1 (0 picks a free one)")
	dataPort := fs.Int("data-port", 0, "DataNode data-transfer port on 127.0.0.1 (0 picks a free one)")
	dir := fs.String("dir", "", "block directory (default: a temporary directory removed on exit)")
	blockSize := fs.Int64("block-size", 0, "default block size in bytes (default 64 MiB)")
	if err := fs.Parse(args); err != nil {
		return hdfstest.Options{}, err
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "hdfstestserver: unexpected arguments:", fs.Args())
		return hdfstest.Options{}, flag.ErrHelp
	}
	return hdfstest.Options{
		Addr:      fmt.Sprintf("127.0.0.1:%d", *port),
		DataAddr:  fmt.Sprintf("127.0.0.1:%d", *dataPort),
		Dir:       *dir,
		BlockSize: *blockSize,
	}, nil
}
