"""Benchmarks: `python -m bench` prints one JSON document and writes bench.json."""
