// Command realtime measures the hubs: one whole server in this process (SQLite in a temporary
// folder), N WebSocket connections speaking the SignalR JSON hub protocol (opened by a second
// process, this program run with -clients, so the server's memory is measured alone), one
// message sent to the demo tenant (every connection), the delivery latency's p50 and p99 and
// the server's memory per connection.
//
//	go run ./scripts/bench/realtime [-n 5000] [-rounds 1]
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"kerf/internal/platform/realtime"
	"kerf/scripts/bench/benchkit"
)

const (
	hubName = "bench"
	method  = "benchNotify"
	target  = 200 * time.Millisecond // p99 on 2 cores
)

func main() { benchkit.Main("realtime bench", run) }

func run(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("realtime", flag.ContinueOnError)
	n := fs.Int("n", 5000, "connections")
	rounds := fs.Int("rounds", 1, "messages sent to every connection, one after the other")
	clients := fs.Bool("clients", false, "internal: be the process that holds the connections")
	url := fs.String("url", "", "internal: the server's base URL (with -clients)")
	token := fs.String("token", "", "internal: the access token (with -clients)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := raiseFileLimit(*n + 1000); err != nil {
		return err
	}
	if *clients {
		return holdConnections(ctx, *url, *token, *n, *rounds, out)
	}
	return serve(ctx, *n, *rounds, out)
}

// raiseFileLimit lifts the soft limit of open files to want (within the hard limit).
func raiseFileLimit(want int) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return fmt.Errorf("file limit: %w", err)
	}
	if lim.Cur >= uint64(want) {
		return nil
	}
	lim.Cur = min(uint64(want), lim.Max)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return fmt.Errorf("raise the file limit to %d: %w", want, err)
	}
	if lim.Cur < uint64(want) {
		return fmt.Errorf("the file limit's hard maximum is %d; %d are needed", lim.Max, want)
	}
	return nil
}

// report is what the clients' process prints once all messages arrived.
type report struct {
	Received  int     `json:"received"`
	Expected  int     `json:"expected"`
	P50Millis float64 `json:"p50"`
	P99Millis float64 `json:"p99"`
	MaxMillis float64 `json:"max"`
}

func serve(ctx context.Context, n, rounds int, out io.Writer) error {
	dir, err := os.MkdirTemp("", "kerf-bench-realtime-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	a, err := benchkit.NewApp(ctx, "sqlite://"+dir+"/bench.db", dir)
	if err != nil {
		return err
	}
	defer a.Close()
	a.Realtime.Hub(hubName, "") // any logged-in user
	base, stop, err := benchkit.Serve(ctx, a)
	if err != nil {
		return err
	}
	defer stop()
	admin, err := benchkit.Login(ctx, &http.Client{Timeout: 30 * time.Second}, base)
	if err != nil {
		return err
	}
	demo, err := a.Identity.ResolveTenant(ctx, "demo")
	if err != nil {
		return err
	}

	before := memory()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, self, "-clients", "-url", base, "-token", admin.Token,
		"-n", fmt.Sprint(n), "-rounds", fmt.Sprint(rounds))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	lines := bufio.NewScanner(stdout)
	start := time.Now()
	if !lines.Scan() || lines.Text() != "connected" {
		return fmt.Errorf("the clients did not connect: %q", lines.Text())
	}
	opened := time.Since(start)
	for a.Realtime.Connections() < n {
		if time.Since(start) > 2*time.Minute {
			return fmt.Errorf("only %d of %d connections after 2 minutes", a.Realtime.Connections(), n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	after := memory()

	for r := range rounds {
		if r > 0 {
			time.Sleep(500 * time.Millisecond)
		}
		err := a.Realtime.Send(ctx, hubName, realtime.Target{Tenant: true, TenantID: demo.ID}, method,
			time.Now().UnixNano(), "Kerf.Broadcast")
		if err != nil {
			return err
		}
	}
	if !lines.Scan() {
		return errors.New("the clients did not report")
	}
	var rep report
	if err := json.Unmarshal([]byte(lines.Text()), &rep); err != nil {
		return fmt.Errorf("clients' report %q: %w", lines.Text(), err)
	}

	perConn := float64(after.bytes-before.bytes) / float64(n)
	fmt.Fprintf(out, "realtime hubs: %d WebSocket connections (SignalR JSON protocol) on one server, SQLite, GOMAXPROCS=%d, load %s\n",
		n, runtime.GOMAXPROCS(0), benchkit.LoadAverage())
	fmt.Fprintf(out, "  opened in %s\n", opened.Round(time.Millisecond))
	fmt.Fprintf(out, "  server memory per connection: %.1f KiB (heap+stacks %d → %d MiB), goroutines per connection: %.1f\n",
		perConn/1024, before.bytes>>20, after.bytes>>20, float64(after.goroutines-before.goroutines)/float64(n))
	fmt.Fprintf(out, "  one message to the tenant (%d round(s)): %d of %d delivered; latency p50 %.1f ms, p99 %.1f ms, max %.1f ms\n",
		rounds, rep.Received, rep.Expected, rep.P50Millis, rep.P99Millis, rep.MaxMillis)
	verdict := "met"
	if time.Duration(rep.P99Millis*float64(time.Millisecond)) >= target || rep.Received != rep.Expected {
		verdict = "NOT met"
	}
	fmt.Fprintf(out, "  target: every connection reached, p99 < %s on 2 cores: %s\n", target, verdict)
	return nil
}

type mem struct {
	bytes      uint64
	goroutines int
}

// memory is the live heap and the goroutine stacks after a collection.
func memory() mem {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return mem{bytes: m.HeapAlloc + m.StackInuse, goroutines: runtime.NumGoroutine()}
}

// holdConnections opens n connections, prints "connected", waits for rounds messages on each,
// and prints the latencies as a report.
func holdConnections(ctx context.Context, base, token string, n, rounds int, out io.Writer) error {
	ws := strings.Replace(base, "http", "ws", 1) + "/signalr-hubs/" + hubName + "?access_token=" + token
	var (
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, n*rounds)
		received  atomic.Int64
		done      = make(chan struct{})
	)
	expected := int64(n * rounds)
	conns := make([]*websocket.Conn, n)
	sem := make(chan struct{}, 64)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	for i := range n {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			c, err := connect(ctx, ws)
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			conns[i] = c
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		return err
	}
	for _, c := range conns {
		go func() {
			ping := time.NewTicker(realtime.KeepAliveInterval) // as the official client does
			defer ping.Stop()
			go func() {
				for range ping.C {
					_ = c.Write(ctx, websocket.MessageText, []byte("{\"type\":6}\x1e"))
				}
			}()
			for {
				_, msg, err := c.Read(ctx)
				if err != nil {
					return
				}
				at := time.Now()
				for _, rec := range strings.Split(string(msg), "\x1e") {
					var m struct {
						Type      int    `json:"type"`
						Target    string `json:"target"`
						Arguments []any  `json:"arguments"`
					}
					if rec == "" || json.Unmarshal([]byte(rec), &m) != nil || m.Type != 1 || m.Target != method || len(m.Arguments) == 0 {
						continue
					}
					sent, _ := m.Arguments[0].(float64)
					mu.Lock()
					latencies = append(latencies, at.Sub(time.Unix(0, int64(sent))))
					mu.Unlock()
					if received.Add(1) == expected {
						close(done)
					}
				}
			}
		}()
	}
	fmt.Fprintln(out, "connected")
	select {
	case <-done:
	case <-time.After(60 * time.Second):
	case <-ctx.Done():
		return ctx.Err()
	}
	mu.Lock()
	defer mu.Unlock()
	slices.Sort(latencies)
	pct := func(p float64) float64 {
		if len(latencies) == 0 {
			return 0
		}
		i := min(len(latencies)-1, int(p*float64(len(latencies))))
		return float64(latencies[i].Microseconds()) / 1000
	}
	raw, _ := json.Marshal(report{Received: len(latencies), Expected: int(expected), P50Millis: pct(0.50), P99Millis: pct(0.99), MaxMillis: pct(1)})
	fmt.Fprintln(out, string(raw))
	for _, c := range conns {
		_ = c.CloseNow()
	}
	return nil
}

// connect opens one hub connection and does the handshake.
func connect(ctx context.Context, url string) (*websocket.Conn, error) {
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(cctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	if err := c.Write(cctx, websocket.MessageText, []byte("{\"protocol\":\"json\",\"version\":1}\x1e")); err != nil {
		return nil, fmt.Errorf("handshake: %w", err)
	}
	if _, msg, err := c.Read(cctx); err != nil || string(msg) != "{}\x1e" {
		return nil, fmt.Errorf("handshake answered %q: %v", msg, err)
	}
	return c, nil
}
