//go:build !goexperiment.jsonv2

package bench

// encodingJSON names the encoding/json row: v1's implementation.
const encodingJSON = "encodingjson"
