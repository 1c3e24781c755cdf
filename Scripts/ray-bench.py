#!/usr/bin/env python3
"""Wall time of ingesting a folder through Ray (Scripts/ray-ingest.py on a
two-node cluster on this machine, one CPU per node) against a plain
`anydoc ingest` of the same folder, each into a fresh store. On one machine
the cluster only has to keep up: it shows what the Ray round trip costs.

    Scripts/ray-bench.py ANYDOC FOLDER [--ocr never] [--batch 16]
"""
import argparse
import importlib.util
import os
import subprocess
import tempfile
import time

import ray
from ray.cluster_utils import Cluster

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ray_ingest", os.path.join(here, "ray-ingest.py"))
ray_ingest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ray_ingest)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("anydoc")
    parser.add_argument("folder")
    parser.add_argument("--ocr", default="never", choices=["auto", "always", "never"])
    parser.add_argument("--batch", type=int, default=16, help="paths per Ray task")
    args = parser.parse_args()
    anydoc = os.path.abspath(args.anydoc)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="anydoc-ray-bench-") as work:
        started = time.monotonic()
        subprocess.run([anydoc, "ingest", args.folder, "--project", "Bench", "--store", os.path.join(work, "plain"),
                        "--ocr", args.ocr, "--quiet", "--jobs", "2"], check=False)
        plain = time.monotonic() - started

        started = time.monotonic()
        cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
        cluster.add_node(num_cpus=1)
        ray.init(address=cluster.address, log_to_driver=False)
        cluster.wait_for_nodes()
        startup = time.monotonic() - started
        try:
            summary = ray_ingest.ingest(anydoc, args.folder, "Bench", os.path.join(work, "ray"), batch=args.batch,
                                        options=["--ocr", args.ocr], show_progress=False)
        finally:
            ray.shutdown()
            cluster.shutdown()
    files = summary["files"]
    print(f"ray ingest vs plain ingest of {args.folder} ({files} files, --ocr {args.ocr}, 2 cores)")
    print(f"  plain anydoc ingest --jobs 2     {plain:8.2f} s  {files / plain:7.1f} files/s")
    profile = summary["profile"]
    print(f"  ray, 2 nodes x 1 CPU, batch {profile['batch_size']:<3}  {summary['seconds']:8.2f} s  {files / summary['seconds']:7.1f} files/s"
          f"  (+{startup:.1f} s cluster start; {summary['seconds'] / plain:.2f}x plain)")
    print("  profile: " + ", ".join(f"{key} {value}" for key, value in profile.items()))
    print(f"  load average before: {load[0]:.1f}")
    print("  files per node: " + ", ".join(f"{node[:8]} {count}" for node, count in sorted(summary["nodes"].items())))


if __name__ == "__main__":
    main()
