//go:build goexperiment.jsonv2

package bench

// encodingJSON names the encoding/json row: built with GOEXPERIMENT=jsonv2,
// encoding/json's v1 API runs on the v2 implementation, a row of its own
// that regenerate.sh merges into the output of the ordinary build.
const encodingJSON = "encodingjsonv2"
