// Package redisserver runs real redis-server processes on loopback for tests:
// a single node, a node restarted or killed mid-test, a Sentinel, a
// Cluster of several nodes. Standard library only.
//
// Without redis-server on the PATH, the tests that need it are skipped,
// unless TOOLGEN_REQUIRE_REDIS is set (CI sets it): then they fail.
package redisserver

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Binary returns the path of redis-server, skipping the test when it is
// missing, or failing it when TOOLGEN_REQUIRE_REDIS is set.
func Binary(t testing.TB) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("TOOLGEN_REQUIRE_REDIS") != "" {
			t.Fatalf("TOOLGEN_REQUIRE_REDIS is set, but: %v", err)
		}
		t.Skipf("redis-server is needed (Debian package redis-server): %v", err)
	}
	return bin
}

// Server is a redis-server process on a loopback port of its own.
type Server struct {
	t    testing.TB
	bin  string
	dir  string
	port int
	args []string

	mu  sync.Mutex
	cmd *exec.Cmd
	log *os.File
}

// Start starts a redis-server with no persistence unless args (redis-server
// options, such as "--appendonly", "yes") say otherwise, and stops it when
// the test ends.
func Start(t testing.TB, args ...string) *Server {
	t.Helper()
	s := &Server{t: t, bin: Binary(t), dir: t.TempDir(), args: args}
	var err error
	for try := 0; try < 3; try++ { // another process may take the free port first
		if s.port, err = FreePort(); err == nil {
			if err = s.Start(); err == nil {
				break
			}
		}
	}
	if err != nil {
		t.Fatalf("redisserver: %v", err)
	}
	t.Cleanup(s.Kill)
	return s
}

// FreePort returns a loopback TCP port no one listens on now, below the
// range of ephemeral ports when it can: a server restarted on its port
// must find it free, and a port of the ephemeral range may have become the
// local end of any process's outgoing connection meanwhile.
func FreePort() (int, error) {
	low := 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				low = n
			}
		}
	}
	const first = 10000
	for try := 0; try < 100 && low > first+1000; try++ {
		port := first + rand.IntN(low-first)
		if l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port)); err == nil {
			l.Close()
			return port, nil
		}
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Addr is the server's address, host:port.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// Port is the server's port.
func (s *Server) Port() int { return s.port }

// Dir is the server's working directory, where it keeps its files.
func (s *Server) Dir() string { return s.dir }

// Start starts the server again, on the same port and in the same
// directory, after Stop or Kill; it returns once the server answers.
func (s *Server) Start() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return errors.New("redis-server is running")
	}
	args := append([]string{
		"--port", strconv.Itoa(s.port), "--bind", "127.0.0.1", "--dir", s.dir,
		"--save", "", "--appendonly", "no", "--protected-mode", "no",
	}, s.args...) // later options override earlier ones
	log, err := os.OpenFile(filepath.Join(s.dir, "redis.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	cmd := exec.Command(s.bin, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return err
	}
	s.cmd, s.log = cmd, log
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := Do(s.Addr(), "PING"); err == nil {
			return nil
		}
		select {
		case <-exited:
			s.cmd = nil
			log.Close()
			return fmt.Errorf("redis-server on port %d exited: %s", s.port, s.Log())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("redis-server on port %d does not answer: %s", s.port, s.Log())
		}
	}
}

// Stop shuts the server down as an operator would (SIGTERM: it saves what
// its persistence options say) and waits for it to exit.
func (s *Server) Stop() { s.signal(syscall.SIGTERM) }

// Kill kills the server (SIGKILL: nothing saved but what it had written)
// and waits for it to exit. It does nothing when the server is not running.
func (s *Server) Kill() { s.signal(syscall.SIGKILL) }

func (s *Server) signal(sig syscall.Signal) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(sig)
	for i := 0; i < 1000 && processAlive(s.cmd.Process.Pid); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	s.log.Close()
	s.cmd, s.log = nil, nil
}

func processAlive(pid int) bool {
	// The process is reaped by the goroutine waiting for it; until then
	// (or as a zombie) signal 0 succeeds.
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}

// Log returns the end of the server's log, for a failure's message.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "redis.log"))
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// Cluster starts n nodes with cluster-enabled, assigns the 16384 hash slots
// among them, joins them and waits until each reports cluster_state:ok. It
// returns the nodes' addresses.
func Cluster(t testing.TB, n int) []string {
	t.Helper()
	nodes := make([]*Server, n)
	addrs := make([]string, n)
	for i := range nodes {
		nodes[i] = Start(t, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "2000")
		addrs[i] = nodes[i].Addr()
	}
	const slots = 16384
	for i, node := range nodes {
		lo, hi := i*slots/n, (i+1)*slots/n-1
		if _, err := Do(node.Addr(), "CLUSTER", "ADDSLOTSRANGE", strconv.Itoa(lo), strconv.Itoa(hi)); err != nil {
			t.Fatalf("redisserver: CLUSTER ADDSLOTSRANGE on %s: %v", node.Addr(), err)
		}
	}
	for _, node := range nodes[1:] {
		if _, err := Do(node.Addr(), "CLUSTER", "MEET", "127.0.0.1", strconv.Itoa(nodes[0].Port())); err != nil {
			t.Fatalf("redisserver: CLUSTER MEET: %v", err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, node := range nodes {
		for {
			info, err := Do(node.Addr(), "CLUSTER", "INFO")
			if err == nil && strings.Contains(info, "cluster_state:ok") && strings.Contains(info, "cluster_known_nodes:"+strconv.Itoa(n)) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("redisserver: the cluster is not ok on %s: %q %v", node.Addr(), info, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	return addrs
}

// Sentinel starts a Sentinel that monitors master under the name
// masterName, and returns its address once it knows the master.
func Sentinel(t testing.TB, master *Server, masterName string) string {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	var port int
	var err error
	if port, err = FreePort(); err != nil {
		t.Fatalf("redisserver: %v", err)
	}
	conf := filepath.Join(dir, "sentinel.conf")
	text := fmt.Sprintf("port %d\nbind 127.0.0.1\nprotected-mode no\ndir %s\nsentinel monitor %s 127.0.0.1 %d 1\n", port, dir, masterName, master.Port())
	if err := os.WriteFile(conf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	log, err := os.Create(filepath.Join(dir, "sentinel.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, conf, "--sentinel")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("redisserver: starting a sentinel: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait(); log.Close() })
	addr := "127.0.0.1:" + strconv.Itoa(port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		reply, err := Do(addr, "SENTINEL", "GET-MASTER-ADDR-BY-NAME", masterName)
		if err == nil && strings.Contains(reply, strconv.Itoa(master.Port())) {
			return addr
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(filepath.Join(dir, "sentinel.log"))
			t.Fatalf("redisserver: the sentinel does not know %s: %q %v\n%s", masterName, reply, err, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Do sends one command to the server at addr on a connection of its own and
// returns its reply: a simple string, an integer or a bulk string as text,
// an array as its items joined by newlines; an error reply is an error.
func Do(addr string, args ...string) (string, error) {
	conn, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(5 * time.Second))
	var b strings.Builder
	fmt.Fprintf(&b, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(&b, "$%d\r\n%s\r\n", len(a), a)
	}
	if _, err := conn.Write([]byte(b.String())); err != nil {
		return "", err
	}
	return readReply(bufio.NewReader(conn))
}

func readReply(r *bufio.Reader) (string, error) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", err
	}
	line = strings.TrimSuffix(line, "\r\n")
	if line == "" {
		return "", errors.New("redisserver: an empty reply")
	}
	switch body := line[1:]; line[0] {
	case '+', ':':
		return body, nil
	case '-':
		return "", errors.New(body)
	case '$':
		n, err := strconv.Atoi(body)
		if err != nil || n < 0 {
			return "", err
		}
		buf := make([]byte, n+2)
		if _, err := io.ReadFull(r, buf); err != nil {
			return "", err
		}
		return string(buf[:n]), nil
	case '*':
		n, err := strconv.Atoi(body)
		if err != nil {
			return "", err
		}
		items := make([]string, 0, max(n, 0))
		for range n {
			item, err := readReply(r)
			if err != nil {
				return "", err
			}
			items = append(items, item)
		}
		return strings.Join(items, "\n"), nil
	}
	return "", fmt.Errorf("redisserver: an unexpected reply %q", line)
}
