package main

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/dialecttest"
)

func TestDialectsGolden(t *testing.T) {
	dialecttest.Golden(t, Tools, "testdata/dialects")
}

func TestDialectsAgree(t *testing.T) {
	dialecttest.Agreement(t, Tools, dialecttest.Options{Calls: 3000, Seed: 11})
}

func TestStrictAjv(t *testing.T) {
	dialecttest.StrictAjv(t, Tools)
}
