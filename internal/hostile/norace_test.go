//go:build !race

package hostile

const raceDetector = false
