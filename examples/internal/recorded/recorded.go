// Package recorded serves a provider's recorded responses on a local port,
// in order, so that the examples run their real SDK clients offline.
package recorded

import (
	"net/http"
	"net/http/httptest"
	"sync"
)

// Serve starts a server that answers each request with the next response;
// past the last one it answers 503. It returns the server's URL and the
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
		w.Header().Set("Content-Type", "application/json")
		w.Write(responses[0])
		responses = responses[1:]
	}))
	return srv.URL, srv.Close
}
