package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/twmb/franz-go/pkg/kfake"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run starts the cluster, announces its addresses and serves until ctx ends.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	opts, err := parse(args, stderr)
	if err != nil {
		return 2
	}
	c, err := kfake.NewCluster(opts...)
	if err != nil {
		fmt.Fprintln(stderr, "kfakeserver:", err)
		return 1
	}
	fmt.Fprintln(stdout, "READY", strings.Join(c.ListenAddrs(), ","))
	<-ctx.Done()
	c.Close()
	return 0
}

func parse(args []string, stderr io.Writer) ([]kfake.Opt, error) {
	fs := flag.NewFlagSet("kfakeserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := fs.Int("port", 0, "first broker's port on 127.0.0.1; the others follow it (0 picks free ones)")
	brokers := fs.Int("brokers", 1, "number of brokers")
	partitions := fs.Int("partitions", 3, "partitions of an automatically created topic")
	dir := fs.String("dir", "", "directory that persists the log (default: memory only)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 || *brokers < 1 || *partitions < 1 || *port < 0 {
		fmt.Fprintln(stderr, "kfakeserver: want -brokers >= 1, -partitions >= 1, -port >= 0 and no arguments")
		return nil, flag.ErrHelp
	}
	opts := []kfake.Opt{
		kfake.NumBrokers(*brokers),
		kfake.AllowAutoTopicCreation(),
		kfake.DefaultNumPartitions(*partitions),
	}
	if *port > 0 {
		ports := make([]int, *brokers)
		for i := range ports {
			ports[i] = *port + i
		}
		opts = append(opts, kfake.Ports(ports...))
	}
	if *dir != "" {
		opts = append(opts, kfake.DataDir(*dir))
	}
	return opts, nil
}
