#!/usr/bin/env python3
"""The Ray ingest on a two-node cluster on this machine
(ray.cluster_utils.Cluster), checked against a plain `anydoc ingest` of the
same folder: every file is in the project or reported failed, both nodes
converted files, `store verify` is clean, and the stores hold the same
resources with the same Markdown.

    Scripts/ray-cluster-test.py ANYDOC FOLDER WORKDIR
"""
import importlib.util
import json
import os
import sqlite3
import subprocess
import sys
import time

import ray
from ray.cluster_utils import Cluster

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ray_ingest", os.path.join(here, "ray-ingest.py"))
ray_ingest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ray_ingest)


def latest_versions(store):
    """Path -> (source hash, Markdown hash, format) of each live resource."""
    with sqlite3.connect(f"file:{store}/store.sqlite?mode=ro", uri=True) as database:
        rows = database.execute("""
            SELECT r.path, v.source_sha256, v.markdown_sha256, v.format FROM resources r
            JOIN versions v ON v.resource_id = r.id AND v.number = r.latest_version""").fetchall()
    return {row[0]: row[1:] for row in rows}


def check(condition, message, failures):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def main():
    anydoc, folder, work = sys.argv[1:4]
    failures = []
    plain_store, ray_store = os.path.join(work, "plain"), os.path.join(work, "ray")

    started = time.monotonic()
    plain = subprocess.run([anydoc, "ingest", folder, "--project", "Corpus", "--store", plain_store,
                            "--ocr", "never", "--json", "--quiet"], capture_output=True, text=True)
    plain_seconds = time.monotonic() - started
    plain_summary = json.loads(plain.stdout)

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address, log_to_driver=False)
    try:
        cluster.wait_for_nodes()
        summary = ray_ingest.ingest(anydoc, folder, "Corpus", ray_store, batch=8, options=["--ocr", "never"],
                                    show_progress=False)
    finally:
        ray.shutdown()
        cluster.shutdown()

    listed = ray_ingest.list_files(anydoc, folder, None)
    stored = summary["ingest"]
    in_project = {item["file"] for item in stored.get("items", [])}
    reported = {failure["file"] for failure in stored.get("failed", [])}
    check(set(listed) <= in_project | reported, f"files neither stored nor reported: {sorted(set(listed) - in_project - reported)[:5]}", failures)
    check(len(summary["nodes"]) == 2 and all(count > 0 for count in summary["nodes"].values()),
          f"both nodes convert: {summary['nodes']}", failures)
    check(not summary["failed_batches"], f"batches lost: {summary['failed_batches'][:2]}", failures)
    verify = subprocess.run([anydoc, "store", "verify", "--store", ray_store], capture_output=True, text=True)
    check(verify.returncode == 0, f"store verify: {verify.stdout}{verify.stderr}", failures)
    plain_versions, ray_versions = latest_versions(plain_store), latest_versions(ray_store)
    check(len(plain_versions) > 300, f"the plain ingest stored {len(plain_versions)} documents", failures)
    check(plain_versions == ray_versions,
          f"stores differ: {sorted(set(plain_versions.items()) ^ set(ray_versions.items()))[:4]}", failures)
    check(sorted(f["file"] for f in plain_summary["failed"]) == sorted(reported),
          "the same files failed", failures)

    print(json.dumps({
        "files": summary["files"], "nodes": summary["nodes"], "stored": len(ray_versions),
        "failed": len(reported), "ray_seconds": summary["seconds"], "plain_seconds": round(plain_seconds, 3),
    }))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
