package main

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"time"
)

// maxProxiedBody bounds the requests the proxy takes, in bytes.
const maxProxiedBody = 4 << 20

// NewProxy returns a reverse proxy that sends each request to the next of
// backends in turn, as a round-robin load balancer does: two requests of
// one client, such as the two rounds of a confirmation, go to two replicas.
// A request that could not be sent to a backend (it refused the
// connection) goes to the next one, as a load balancer skips a replica that
// is down; a request that reached a replica which then died gets 502, and
// the client decides whether to retry.
func NewProxy(backends []*url.URL) http.Handler {
	var next atomic.Uint64
	rt := &nextOnDialError{
		backends: backends,
		next:     &next,
		transport: &http.Transport{
			MaxIdleConns:        1024,
			MaxIdleConnsPerHost: 256,
			IdleConnTimeout:     30 * time.Second,
		},
	}
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(backends[(next.Add(1)-1)%uint64(len(backends))])
		},
		Transport: rt,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			http.Error(w, "fleet proxy: "+err.Error(), http.StatusBadGateway)
		},
	}
}

// nextOnDialError sends a request to the next backend when the connection
// to one could not be made: nothing of the request reached it.
type nextOnDialError struct {
	backends  []*url.URL
	next      *atomic.Uint64
	transport http.RoundTripper
}

func (t *nextOnDialError) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		var err error
		body, err = io.ReadAll(io.LimitReader(req.Body, maxProxiedBody+1))
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		if len(body) > maxProxiedBody {
			return &http.Response{StatusCode: http.StatusRequestEntityTooLarge, Body: http.NoBody, Request: req}, nil
		}
	}
	for tries := 0; ; tries++ {
		out := req.Clone(req.Context())
		if body != nil {
			out.Body = io.NopCloser(bytes.NewReader(body))
		}
		resp, err := t.transport.RoundTrip(out)
		var op *net.OpError
		if err == nil || !errors.As(err, &op) || op.Op != "dial" || tries+1 >= len(t.backends) {
			return resp, err
		}
		b := t.backends[(t.next.Add(1)-1)%uint64(len(t.backends))]
		req.URL.Scheme, req.URL.Host = b.Scheme, b.Host
	}
}
