"""The results of a run as numpy arrays with column names (and pandas DataFrames on request)."""
import html
import warnings

import numpy as np

from .errors import SimulationWarning

#: Fields of the event log, as in the `*.events.csv` file of `stickslip run` (docs/cli.md).
EVENT_FIELDS = ("t", "contact", "event", "from", "to", "vn_before", "vn_after")


def _event_array(events):
    width = max([len(e[1]) for e in events] + [len(e[2]) for e in events] + [8])
    dtype = [("t", "f8"), ("contact", f"U{width}"), ("event", f"U{width}"), ("from", "U8"), ("to", "U8"),
             ("vn_before", "f8"), ("vn_after", "f8")]
    return np.array([tuple(e) for e in events], dtype=dtype)


class Result:
    """A run's output rows and event log.

    result.columns          the column names (docs/cli.md, "Output columns")
    result.data             the rows, a 2-D float64 array (rows x columns)
    result["body.x"]        one column (a view of data)
    result.t                the output times
    result.events           the event log, a numpy structured array with fields
                            t, contact, event, from, to, vn_before, vn_after
    result.summary          the run summary (steps, wall time, drift, ...), a dict; None for the
                            partial result of a failed run
    result.to_pandas()      the rows as a pandas DataFrame; events_to_pandas() the event log
    result.animation()      the animation page of `stickslip view` (HTML text); in Jupyter a result
                            shows as that page inline (when it knows its model: result.model)
    """

    #: The Model the rows come from (set by Model.run and Simulation.result), for the animation.
    model = None

    def __init__(self, columns, data, events, summary, warn=True):
        self.columns = list(columns)
        self.data = data
        self._index = {name: k for k, name in enumerate(self.columns)}
        self.events = _event_array(events)
        self.summary = summary
        for message in (summary or {}).get("warnings", []) if warn else []:
            warnings.warn(message, SimulationWarning, stacklevel=3)

    def __getitem__(self, name):
        try:
            return self.data[:, self._index[name]]
        except KeyError:
            raise KeyError(f"no column '{name}' (columns: {', '.join(self.columns)})") from None

    def __contains__(self, name):
        return name in self._index

    def __len__(self):
        return self.data.shape[0]

    def keys(self):
        return list(self.columns)

    @property
    def t(self):
        return self["t"]

    def to_pandas(self):
        import pandas
        return pandas.DataFrame(self.data, columns=self.columns)

    def events_to_pandas(self):
        import pandas
        return pandas.DataFrame(self.events)

    def animation(self, model=None, fps=30):
        """The animation page `stickslip view` writes for these rows, as HTML text (one
        self-contained page); `model` defaults to the model the rows come from."""
        from . import _core
        model = model if model is not None else self.model
        if model is None:
            raise ValueError("the animation needs the model the rows come from: result.animation(model)")
        events = [(float(e["t"]), str(e["contact"]), str(e["event"]), str(e["from"]), str(e["to"])) for e in self.events]
        return _core.animation_html(model, self.columns, np.ascontiguousarray(self.data, dtype=float), events, float(fps))

    def _repr_html_(self):
        """Jupyter: the animation page inline (an iframe holding the page)."""
        if self.model is None or len(self) == 0:
            return None
        page = self.animation()
        return ('<iframe style="width: 100%; height: 560px; border: none" sandbox="allow-scripts" srcdoc="'
                + html.escape(page, quote=True) + '"></iframe>')

    def __repr__(self):
        return f"<stickslip.Result: {len(self)} rows x {len(self.columns)} columns, {len(self.events)} events>"
