package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/testkit/differential"
)

func TestDialectsGolden(t *testing.T) {
	differential.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	differential.Agreement(t, Tools, differential.Options{Calls: 3000, Seed: 11})
}

func TestStrictAjv(t *testing.T) {
	differential.StrictAjv(t, Tools)
}
