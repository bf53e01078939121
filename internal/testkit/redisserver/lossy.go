package redisserver

import (
	"bytes"
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// Lossy is a TCP proxy on loopback in front of a Redis server that loses
// replies on demand, as a proxy or a network that forwards a command and
// drops its reply does: the client's read times out, and a client that
// retries sends the command again, on another connection, to a server
// that has run it once already.
type Lossy struct {
	l      net.Listener
	target string

	mu      sync.Mutex
	match   []byte // armed while times > 0
	times   int
	dropped int
	conns   []net.Conn
}

// NewLossy starts a proxy to the server at target, closed when the test
// ends.
func NewLossy(t testing.TB, target string) *Lossy {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Lossy{l: l, target: target}
	go p.serve()
	t.Cleanup(p.close)
	return p
}

// Addr is the proxy's address, for the client.
func (p *Lossy) Addr() string { return p.l.Addr().String() }

// DropReply arms the proxy: each of the next times commands whose bytes
// contain match is forwarded, and every reply on its connection from then
// on is dropped.
func (p *Lossy) DropReply(match string, times int) {
	p.mu.Lock()
	p.match, p.times = []byte(match), times
	p.mu.Unlock()
}

// Dropped is how many commands' replies the proxy dropped.
func (p *Lossy) Dropped() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.dropped
}

func (p *Lossy) close() {
	p.l.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
}

func (p *Lossy) serve() {
	for {
		client, err := p.l.Accept()
		if err != nil {
			return
		}
		server, err := net.Dial("tcp", p.target)
		if err != nil {
			client.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, client, server)
		p.mu.Unlock()
		var lost atomic.Bool
		go func() { // commands
			defer server.Close()
			buf := make([]byte, 64<<10)
			for {
				n, err := client.Read(buf)
				if n > 0 {
					p.mu.Lock()
					if p.times > 0 && bytes.Contains(buf[:n], p.match) {
						p.times--
						p.dropped++
						lost.Store(true) // before the server can answer
					}
					p.mu.Unlock()
					if _, err := server.Write(buf[:n]); err != nil {
						return
					}
				}
				if err != nil {
					return
				}
			}
		}()
		go func() { // replies
			defer client.Close()
			buf := make([]byte, 64<<10)
			for {
				n, err := server.Read(buf)
				if n > 0 && !lost.Load() {
					if _, err := client.Write(buf[:n]); err != nil {
						return
					}
				}
				if err != nil {
					return
				}
			}
		}()
	}
}
