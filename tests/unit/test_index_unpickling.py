"""A product index handed back by its builder process (index_builder.py, catalogue_follower.py) is unpickled by a
worker with the garbage collector paused, through reads made in Python so that a thread of the drain waiting for the
interpreter gets it between two of them (index_builder.unpickled)."""
import gc
import io
import pickle

from app.services.pipeline import index_builder
from nlp import synthetic
from nlp.catalogue import product_tokens
from nlp.normalize import tokens
from nlp.products import ProductIndex


class RecordingStream(io.BytesIO):
    """Bytes read as from a builder's pipe; whether the collector ran at each read is noted."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.collecting = []

    def read(self, size=-1):
        self.collecting.append(gc.isenabled())
        return super().read(size)


def names(index: ProductIndex, text: str) -> list[str]:
    return [hit.spelling for hit in index.find(product_tokens(tokens(text)))]


def test_an_unpickled_index_finds_what_the_built_one_finds_and_the_collector_runs_again_after():
    built = ProductIndex(synthetic.catalogue(2000))
    stream = RecordingStream(pickle.dumps(built, pickle.HIGHEST_PROTOCOL))

    unpickled = index_builder.unpickled(stream)

    for text in ("kerkennah embroidered perfume prix ?", "عطر mahdia 9adech", "parfum vintaje mahdia dispo ?"):
        assert names(unpickled, text) == names(built, text) != []
    assert len(stream.collecting) > 10, "read in frames, each a point where another thread may take the interpreter"
    assert not any(stream.collecting), "the collector was paused while the index was read"
    assert gc.isenabled()


def test_a_cut_answer_raises_and_leaves_the_collector_running():
    data = pickle.dumps(ProductIndex(synthetic.catalogue(200)), pickle.HIGHEST_PROTOCOL)

    try:
        index_builder.unpickled(io.BytesIO(data[: len(data) // 2]))
    except (EOFError, pickle.UnpicklingError):
        pass
    else:
        raise AssertionError("half an index was read as a whole one")
    assert gc.isenabled()


def test_an_index_built_by_the_builder_process_is_the_one_built_here(caplog):
    catalogue = synthetic.catalogue(500)
    text = "parfum vintaje mahdia dispo ?"
    assert names(index_builder.build(catalogue), text) == names(ProductIndex(catalogue), text) != []
    assert not caplog.records, "the builder process failed and the index was built in this process"
