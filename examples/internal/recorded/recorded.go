// Package recorded serves a provider's recorded responses on a local port,
// in order, so that the examples run their real SDK clients offline.
package recorded

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"sync"
)

// Serve starts a server that answers each request with the next response;
// past the last one it answers 503. A response that begins with "event:"
// or "data:" is a recorded stream of server-sent events, served as
// text/event-stream; any other is JSON. It returns the server's URL and the
// function that stops it.
func Serve(responses ...[]byte) (url string, stop func()) {
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if len(responses) == 0 {
			http.Error(w, "no more recorded responses", http.StatusServiceUnavailable)
			return
		}
		kind := "application/json"
		if bytes.HasPrefix(responses[0], []byte("event:")) || bytes.HasPrefix(responses[0], []byte("data:")) {
			kind = "text/event-stream"
		}
		w.Header().Set("Content-Type", kind)
		w.Write(responses[0])
		responses = responses[1:]
	}))
	return srv.URL, srv.Close
}
