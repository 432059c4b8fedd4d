"""PV modules and inverters as pvlib's own parameter tables, with where each value came from.

``cec_modules`` and ``cec_inverters`` return a pandas DataFrame laid out exactly as
``pvlib.pvsystem.retrieve_sam('CECMod')`` / ``('CECInverter')`` lays out its own: one row per pvlib
parameter, in pvlib's order; one column per product, named as pvlib names it (the source file's
``Name`` with `` -.()[]:+/",`` replaced by ``_``); object cells of the Python type pandas gives that
row when pvlib reads the SAM file (``N_s`` an int, ``Bifacial`` 0 or 1, ``BIPV`` ``"Y"``/``"N"``,
``Date`` ``M/D/YYYY``, ``Vac`` text, numbers floats, missing values NaN). So a column goes
straight into ``pvlib.pvsystem.PVSystem(module_parameters=...)`` or ``inverter_parameters=``.

Which spec is which pvlib parameter comes from the service's glossary (``GET /api/v1/specs``, the
``pvlib`` of each spec), never from a table here; what this module knows of pvlib is only the row
order and each row's cell type (:data:`LAYOUTS`), read from pvlib 0.16.1's ``retrieve_sam``. The
units of the glossary and of pvlib's tables are the same (the SAM file's units): no value needs
scaling, only re-encoding (booleans, dates).

A column holds only the values the CEC list gave the product (a value another list filled in,
such as an ADR record's, is left NaN, as it is not in pvlib's table either). ``provenance`` gives,
for every value, the source, file, record, line and column it was read from.

Needs pandas (``pip install "pds-client[pvlib]"``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple, Union

try:
    import pandas as pd
except ImportError as _err:  # pragma: no cover - depends on the environment
    raise ImportError('pds_client.pvlib needs pandas: pip install "pds-client[pvlib]"') from _err

from .client import AsOf, Client, JSON
from .errors import NotFoundError

__all__ = [
    "cec_modules",
    "cec_inverters",
    "provenance",
    "pvlib_name",
    "LAYOUTS",
    "LayoutError",
    "NotInTableError",
]

#: pvlib's tables as ``retrieve_sam`` returns them: the category they hold, and each row's name and
#: cell type, in order. Read from pvlib 0.16.1 (``pvsystem._parse_raw_sam_df``: ``pd.read_csv(...,
#: index_col=0, skiprows=[1, 2])`` then ``transpose()``, so each cell keeps the type pandas inferred
#: for its whole column of the bundled SAM file of 2019-03-05). Types: ``float``; ``int``; ``int01``
#: (a yes/no written 0/1); ``yn`` (a yes/no written Y/N); ``text``; ``mdy`` (a date written M/D/YYYY,
#: unpadded); ``numtext`` (a number pandas reads as text, since the column also holds ranges such
#: as ``422-528``).
LAYOUTS: Dict[str, Tuple[str, Tuple[Tuple[str, str], ...]]] = {
    "CECMod": (
        "pv-module",
        (
            ("Technology", "text"),
            ("Bifacial", "int01"),
            ("STC", "float"),
            ("PTC", "float"),
            ("A_c", "float"),
            ("Length", "float"),
            ("Width", "float"),
            ("N_s", "int"),
            ("I_sc_ref", "float"),
            ("V_oc_ref", "float"),
            ("I_mp_ref", "float"),
            ("V_mp_ref", "float"),
            ("alpha_sc", "float"),
            ("beta_oc", "float"),
            ("T_NOCT", "float"),
            ("a_ref", "float"),
            ("I_L_ref", "float"),
            ("I_o_ref", "float"),
            ("R_s", "float"),
            ("R_sh_ref", "float"),
            ("Adjust", "float"),
            ("gamma_r", "float"),
            ("BIPV", "yn"),
            ("Version", "text"),
            ("Date", "mdy"),
        ),
    ),
    "CECInverter": (
        "inverter",
        (
            ("Vac", "numtext"),
            ("Pso", "float"),
            ("Paco", "float"),
            ("Pdco", "float"),
            ("Vdco", "float"),
            ("C0", "float"),
            ("C1", "float"),
            ("C2", "float"),
            ("C3", "float"),
            ("Pnt", "float"),
            ("Vdcmax", "float"),
            ("Idcmax", "float"),
            ("Mppt_low", "float"),
            ("Mppt_high", "float"),
            ("CEC_Date", "mdy"),
            ("CEC_Type", "text"),
        ),
    ),
}

# Which glossary types each cell type can be made from.
_KIND_TYPES = {
    "float": ("number", "integer"),
    "int": ("integer",),
    "int01": ("boolean",),
    "yn": ("boolean",),
    "text": ("text",),
    "mdy": ("text",),
    "numtext": ("number", "integer"),
}

# pvlib.pvsystem._normalize_sam_product_names: these characters of a Name become "_".
_BAD_CHARS = ' -.()[]:+/",'
_NAME_TABLE = str.maketrans(_BAD_CHARS, "_" * len(_BAD_CHARS))

NAN = float("nan")


class LayoutError(RuntimeError):
    """The service's glossary no longer matches pvlib's table (a parameter missing, added or of another type)."""


class NotInTableError(ValueError):
    """A product asked for by id that pvlib's table cannot hold (another category, or not from the CEC list)."""


def pvlib_name(name: str) -> str:
    """A product's name as pvlib names its column (``ABB: MICRO-0.25-I-OUTD-US-208 [208V]`` -> ``ABB__MICRO_0_25_I_OUTD_US_208__208V_``)."""
    return name.translate(_NAME_TABLE)


@dataclass(frozen=True)
class _Row:
    pvlib: str
    kind: str
    spec: str


@dataclass(frozen=True)
class _Table:
    name: str
    category: str
    #: The list (``cec-modules``, ``cec-inverters``) whose files pvlib's table is read from.
    list: str
    rows: Tuple[_Row, ...]


def _table(glossary: Sequence[JSON], table: str) -> _Table:
    """pvlib's layout of ``table``, each row tied to the spec the glossary names for it."""
    category, layout = LAYOUTS[table]
    by_pvlib: Dict[str, JSON] = {}
    for entry in glossary:
        name = (entry.get("pvlib") or {}).get(table)
        if name:
            if name in by_pvlib:
                raise LayoutError(f"the glossary names two specs {table} {name}: {by_pvlib[name]['name']}, {entry['name']}")
            by_pvlib[name] = entry
    expected = [name for name, _ in layout]
    missing = [n for n in expected if n not in by_pvlib]
    extra = [n for n in by_pvlib if n not in expected]
    if missing or extra:
        raise LayoutError(
            f"the glossary's {table} parameters differ from pvlib's: missing {missing or 'none'}, unknown {extra or 'none'}"
        )
    rows: List[_Row] = []
    lists: Optional[Set[str]] = None
    for name, kind in layout:
        entry = by_pvlib[name]
        if entry["type"] not in _KIND_TYPES[kind]:
            raise LayoutError(f"{table} {name} is {kind} in pvlib, but the glossary's {entry['name']} is {entry['type']}")
        here = {s["list"] for s in entry.get("sources", []) if s.get("column") == name}
        lists = here if lists is None else lists & here
        rows.append(_Row(name, kind, entry["name"]))
    if not lists or len(lists) != 1:
        raise LayoutError(f"cannot tell which list {table} is read from: {sorted(lists or [])}")
    return _Table(table, category, lists.pop(), tuple(rows))


def _cell(kind: str, value: Any) -> Any:
    """One value of ours as pvlib's table holds it."""
    if value is None:
        return NAN
    if kind == "float":
        return float(value)
    if kind == "int":
        return int(value)
    if kind == "int01":
        return 1 if value else 0
    if kind == "yn":
        return "Y" if value else "N"
    if kind == "mdy":
        year, month, day = str(value).split("-")
        return f"{int(month)}/{int(day)}/{int(year)}"
    if kind == "numtext":
        number = float(value)
        return str(int(number)) if number.is_integer() else repr(number)
    return str(value)


def _column(table: _Table, detail: JSON) -> Optional[Tuple[str, List[Any]]]:
    """A product's pvlib name and cells, or None when it has no value from the table's list."""
    if detail.get("category") != table.category:
        return None
    editions = sorted(detail.get("listing", {}).get("editions", []), key=lambda e: e.get("edition", ""))
    sources = [e["source_id"] for e in editions if e.get("list") == table.list]
    specs = detail.get("specs", {})
    where = detail.get("provenance", {})
    cells: List[Any] = []
    used: "Counter[str]" = Counter()
    for row in table.rows:
        source = (where.get(row.spec) or {}).get("source_id")
        if row.spec in specs and isinstance(source, str) and source in sources:
            cells.append(_cell(row.kind, specs[row.spec]))
            used[source] += 1
        else:
            cells.append(NAN)
    if not used:
        return None
    # Named as the edition that gave most of its values spells it (a tie: the newer edition).
    source = max(used, key=lambda s: (used[s], sources.index(s)))
    names = [a["name"] for a in detail.get("aliases", []) if a.get("source_id") == source]
    return pvlib_name(names[0] if names else f"{detail['manufacturer']} {detail['model']}"), cells


def _details(client: Client, ids: Sequence[str], as_of: Optional[AsOf], strict: bool) -> List[Optional[JSON]]:
    """Each product in order, read in batches (getProducts); None for one that did not exist at ``as_of``.

    An id that names no product (or a model number that names none, or several) raises
    :class:`~pds_client.errors.NotFoundError`, as does one that did not exist at ``as_of`` when ``strict``.
    """
    details: List[Optional[JSON]] = []
    for entry in client.get_products(ids, as_of=as_of):
        if entry["found"]:
            details.append(entry["product"])
        elif entry["reason"] == "not-at-as-of" and not strict:
            details.append(None)
        else:
            raise NotFoundError(404, "/problems/not-found", "Resource not found", f"{entry['requested']}: {entry['detail']}")
    return details


def _ids(
    client: Client, table: _Table, q: Optional[str], ids: Optional[Sequence[str]], in_latest_edition: Optional[bool]
) -> List[str]:
    if ids is not None:
        if isinstance(ids, str):
            ids = [ids]
        return list(dict.fromkeys(ids))
    if q is None:
        found = client.iter_products(
            category=table.category, in_latest_edition=in_latest_edition, sort="id", fields="id"
        )
    else:
        found = client.iter_search(q, category=table.category, in_latest_edition=in_latest_edition, fields="id")
    return [p["id"] for p in found]


def _frame(
    client: Client,
    table_name: str,
    q: Optional[str],
    ids: Optional[Union[str, Sequence[str]]],
    in_latest_edition: Optional[bool],
    as_of: Optional[AsOf],
) -> "pd.DataFrame":
    table = _table(client.specs(), table_name)
    wanted = _ids(client, table, q, ids, in_latest_edition)
    strict = ids is not None
    names: List[str] = []
    kept: List[str] = []
    columns: List[List[Any]] = []
    for id, detail in zip(wanted, _details(client, wanted, as_of, strict)):
        if detail is None:
            continue
        column = _column(table, detail)
        if column is None:
            if strict:
                raise NotInTableError(
                    f"{id} is a {detail.get('category')} with no value from the {table.list} list: pvlib's {table_name} has no such column"
                )
            continue
        names.append(column[0])
        columns.append(column[1])
        kept.append(detail["id"])
    index = [row.pvlib for row in table.rows]
    cells = [[column[i] for column in columns] for i in range(len(index))]
    frame = pd.DataFrame(cells, index=pd.Index(index), columns=pd.Index(names), dtype=object)
    #: The product id of each column, in column order.
    frame.attrs["pds_ids"] = kept
    return frame


def cec_modules(
    client: Client,
    q: Optional[str] = None,
    ids: Optional[Union[str, Sequence[str]]] = None,
    in_latest_edition: Optional[bool] = None,
    as_of: Optional[AsOf] = None,
) -> "pd.DataFrame":
    """PV modules as ``pvlib.pvsystem.retrieve_sam('CECMod')`` lays them out.

    ``ids``: these products, in this order, by product id or model number as typed (each must name
    one module with values from the CEC module list, and exist at ``as_of``); else ``q``: the modules a search finds, by relevance; else every
    module, by id. ``in_latest_edition`` narrows a search or the whole list to what the newest
    edition lists (True) or no longer lists (False). ``as_of`` (a revision number, an RFC 3339
    time or an aware datetime): each product's values as they stood then (products that did not
    exist yet are left out, unless asked for by id). ``frame.attrs["pds_ids"]`` holds the product
    id of each column. Read with getProducts, 100 products a call (1 credit per product found).
    """
    return _frame(client, "CECMod", q, ids, in_latest_edition, as_of)


def cec_inverters(
    client: Client,
    q: Optional[str] = None,
    ids: Optional[Union[str, Sequence[str]]] = None,
    in_latest_edition: Optional[bool] = None,
    as_of: Optional[AsOf] = None,
) -> "pd.DataFrame":
    """Inverters as ``pvlib.pvsystem.retrieve_sam('CECInverter')`` lays them out (parameters as :func:`cec_modules`).

    ``Vac`` is text, as in pvlib's table; where the CEC list gives no nominal AC voltage (``0`` or
    a range such as ``422-528``) the service claims none and the cell is NaN.
    """
    return _frame(client, "CECInverter", q, ids, in_latest_edition, as_of)


_PROVENANCE_COLUMNS = ["pvlib", "value", "source_id", "revision", "file", "record", "line", "column", "method"]


def provenance(
    client: Client, ids: Union[str, Sequence[str]], as_of: Optional[AsOf] = None
) -> "pd.DataFrame":
    """Where every value of these products was read: one row per (spec, product).

    Index: ``spec`` (the service's name; ``manufacturer`` and ``model`` too) and ``product`` (the
    id). Columns: ``pvlib`` (the parameter's name in ``CECMod`` or ``CECInverter`` for the product's
    category, None where pvlib has none), ``value``, ``source_id``, ``revision``, and the locator:
    ``file``, ``record`` (1-based record of the file, so ``record - 1`` is the column position in
    pvlib's reading of it), ``line`` (1-based line where the record starts), ``column`` (as the
    file's header names it), and ``method`` (``reported`` or ``derived``).
    """
    if isinstance(ids, str):
        ids = [ids]
    ids = list(dict.fromkeys(ids))
    glossary = client.specs()
    order = {name: i for i, name in enumerate(["manufacturer", "model"] + [e["name"] for e in glossary])}
    pvlib_names = {e["name"]: e.get("pvlib") or {} for e in glossary}
    tables = {category: table for table, (category, _) in LAYOUTS.items()}
    records: List[Tuple[Tuple[int, int], Dict[str, Any]]] = []
    for k, detail in enumerate(_details(client, ids, as_of, strict=True)):
        assert detail is not None
        table = tables.get(detail.get("category", ""))
        for spec, where in detail.get("provenance", {}).items():
            locator = where.get("locator", {})
            value = detail["specs"].get(spec) if spec in detail.get("specs", {}) else detail.get(spec)
            records.append(
                (
                    (order.get(spec, len(order)), k),
                    {
                        "spec": spec,
                        "product": detail["id"],
                        "pvlib": pvlib_names.get(spec, {}).get(table) if table else None,
                        "value": value,
                        "source_id": where.get("source_id"),
                        "revision": where.get("revision"),
                        "file": locator.get("file"),
                        "record": locator.get("record"),
                        "line": locator.get("line"),
                        "column": locator.get("column"),
                        "method": where.get("method"),
                    },
                )
            )
    records.sort(key=lambda r: r[0])
    frame = pd.DataFrame([r for _, r in records], columns=["spec", "product"] + _PROVENANCE_COLUMNS)
    return frame.set_index(["spec", "product"])
