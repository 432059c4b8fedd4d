"""pvlib reading the service's SAM lists, for the SAM list test (test/api/sam-lists.test.ts).

Reads JSON on stdin: {"cases": [{"url": signed URL, "source": path of the edition's file,
"encoding": "utf-8"|"latin1", "sample": N, "seed": S}]}. For each case pvlib reads the URL with
pvlib.pvsystem.retrieve_sam(path=url), and the source file as pvlib parses a SAM file
(retrieve_sam(path=file); a latin-1 file is decoded first and handed to the same parser, as
retrieve_sam does with what it downloads). Then N products drawn from the URL's frame (with seed S)
are compared field by field with the file's frame: the same fields in the same order, each value of
the same type and equal (NaN to NaN, ADR coefficient lists item by item).
Writes {"results": [{"url_products", "source_products", "missing": [names only the file has],
"extra": [names only the URL has], "compared", "mismatches": [...], "product_ids": {name: id}}]}.
"""
import io
import json
import math
import random
import sys
import warnings

import pvlib
from pvlib import pvsystem

warnings.simplefilter("ignore")


def source_frame(path, encoding):
    if encoding == "utf-8":
        return pvsystem.retrieve_sam(path=path)
    with open(path, encoding=encoding, newline="") as f:
        return pvsystem._parse_raw_sam_df(io.StringIO(f.read()))


def same(a, b):
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


def compare(case):
    url = pvsystem.retrieve_sam(path=case["url"])
    src = source_frame(case["source"], case["encoding"])
    names = set(url.columns)
    known = set(src.columns)
    counts_src = src.columns.value_counts()
    counts_url = url.columns.value_counts()
    unique = [n for n in url.columns if counts_src.get(n, 0) == 1 and counts_url.get(n, 0) == 1]
    rng = random.Random(case["seed"])
    sample = rng.sample(unique, min(case["sample"], len(unique)))
    has_id = "Product_ID" in url.index
    fields = [f for f in url.index if f != "Product_ID"]
    mismatches = []
    if fields != list(src.index):
        mismatches.append({"fields": {"url": fields, "source": list(src.index)}})
    for name in sample:
        a = url[name]
        b = src[name]
        for field in src.index:
            if not same(a[field], b[field]):
                mismatches.append({"product": name, "field": field, "url": repr(a[field]), "source": repr(b[field])})
    return {
        "url_products": len(url.columns),
        "source_products": len(src.columns),
        "missing": sorted(known - names)[:50],
        "missing_count": len(known - names),
        "extra": sorted(names - known)[:50],
        "compared": len(sample),
        "mismatches": mismatches[:20],
        "product_ids": {n: url[n]["Product_ID"] for n in sample} if has_id else {},
    }


def main():
    request = json.load(sys.stdin)
    assert pvlib.__version__ == "0.16.1", pvlib.__version__
    json.dump({"results": [compare(c) for c in request["cases"]]}, sys.stdout)


if __name__ == "__main__":
    main()
