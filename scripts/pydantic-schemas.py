"""Writes what pydantic v2 emits for random models to test/fixtures/fuzz/pydantic-v2.json.

python3 scripts/pydantic-schemas.py [--count N] [--seed S]

The fuzz (test/schema/schema-arbitraries.ts) draws from that file, so it runs where Python is
not installed; this script is how the file was made and is rerun to refresh it.
"""
import argparse
import json
import random
from datetime import date, datetime
from enum import Enum
from typing import Annotated, Literal, Optional, Union

import pydantic
from pydantic import ConfigDict, Field, create_model


class Color(str, Enum):
    RED = 'red'
    GREEN = 'green'


def leaf(rng):
    """A field type and its Field() arguments, from what MCP servers written with pydantic use."""
    return rng.choice([
        lambda: (str, {}),
        lambda: (str, {'min_length': 1, 'max_length': 3}),
        lambda: (str, {'pattern': '^[a-z]+$'}),
        lambda: (int, {}),
        lambda: (int, {'ge': 0, 'le': 10}),
        lambda: (int, {'gt': 0}),
        lambda: (float, {}),
        lambda: (float, {'ge': 0.5, 'lt': 2}),
        lambda: (float, {'multiple_of': 0.5}),
        lambda: (bool, {}),
        lambda: (Literal['a', 'b'], {}),
        lambda: (Literal['a'], {}),
        lambda: (Color, {}),
        lambda: (date, {}),
        lambda: (datetime, {}),
        lambda: (list[str], {'max_length': 2}),
        lambda: (dict[str, int], {}),
        lambda: (tuple[int, str], {}),
    ])()


def field_type(rng, depth, defs):
    """A field type, nested up to `depth`: optional, list, union, or a model of its own."""
    if depth <= 0:
        return leaf(rng)
    pick = rng.randrange(6)
    if pick == 0:
        inner, extra = field_type(rng, depth - 1, defs)
        return Optional[inner], extra if inner in (str, int, float) else {}
    if pick == 1:
        inner, _ = field_type(rng, depth - 1, defs)
        return list[inner], rng.choice([{}, {'min_length': 1}])
    if pick == 2:
        a, _ = leaf(rng)
        b, _ = leaf(rng)
        return (Union[a, b] if a != b else a), {}
    if pick == 3:
        return model(rng, depth - 1, defs), {}
    if pick == 4:
        return tagged_union(rng, depth - 1, defs), {}
    return leaf(rng)


def tagged_union(rng, depth, defs):
    """A discriminated union: pydantic writes oneOf with a discriminator mapping into $defs."""
    tags = rng.sample(['cat', 'dog', 'fish'], 2)
    members = [model(rng, depth, defs, tag=tag) for tag in tags]
    return Annotated[Union[tuple(members)], Field(discriminator='kind')]


def model(rng, depth, defs, tag=None):
    defs['n'] += 1
    name = f'M{defs["n"]}'
    fields = {}
    if tag is not None:
        fields['kind'] = (Literal[tag], ...)
    for i in range(rng.randint(1, 3)):
        kind, extra = field_type(rng, depth, defs)
        if rng.random() < 0.3:
            extra = {**extra, 'description': rng.choice(['about', 'the value'])}
        if rng.random() < 0.2:
            extra = {**extra, 'title': 'Custom'}
        if rng.random() < 0.6:
            fields[f'f{i}'] = (kind, Field(**extra))
        else:
            fields[f'f{i}'] = (Optional[kind], Field(default=None, **extra))
    config = ConfigDict(extra=rng.choice(['ignore', 'forbid', 'allow']))
    doc = rng.choice([None, 'A model.'])
    return create_model(name, __config__=config, __doc__=doc, **fields)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--count', type=int, default=200)
    parser.add_argument('--seed', type=int, default=20261205)
    parser.add_argument('--out', default='test/fixtures/fuzz/pydantic-v2.json')
    args = parser.parse_args()
    rng = random.Random(args.seed)
    schemas = []
    while len(schemas) < args.count:
        root = model(rng, rng.randint(0, 2), {'n': 0})
        mode = rng.choice(['validation', 'serialization'])
        schemas.append(root.model_json_schema(mode=mode))
    # Why one schema a line: the file stays small and a refresh reads as a diff of schemas.
    lines = [json.dumps(schema, sort_keys=True) for schema in schemas]
    with open(args.out, 'w') as f:
        f.write(f'{{"pydantic": "{pydantic.VERSION}", "seed": {args.seed}, "schemas": [\n')
        f.write(',\n'.join(lines))
        f.write('\n]}\n')
    print(f'{len(schemas)} schemas from pydantic {pydantic.VERSION} written to {args.out}')


main()
