"""A simulation driven step by step: read and set the state, set inputs, read the contacts, take and
restore checkpoints between steps, or let a controller act before every step (docs/python.md,
"Stepping"). Without changes between steps it computes the rows of `stickslip run` bit for bit.

    sim = stickslip.Simulation(model, scheme="time-stepping", dt=1e-3, t_end=2)
    while not sim.finished:
        sim.set_actuator("shoulder_motor", -kp * (sim["shoulder.angle"] - target))
        sim.advance(sim.t + 0.01)
    result = sim.result()
"""
import warnings

import numpy as np

from . import _core
from .errors import SimulationWarning
from .result import Result

Checkpoint = _core.Checkpoint


class Simulation:
    """A run of `model` (a Model or a model file's path) taken step by step.

    The keyword options are those of Model.run (scheme, integrator, dt, t_end, rtol, atol,
    output_interval, baumgarte, projection); `controller`, if given, is called as controller(sim)
    before every step and may read the state and set inputs. The run starts at once (its first row
    written), so a model the scheme cannot take raises here.
    """

    def __init__(self, model, controller=None, **options):
        if not isinstance(model, _core.Model):
            model = _core.Model.load(str(model))
        self.model = model.copy()
        self._core = _core.Simulation(self.model, **options)
        self._warned = 0
        self._controller = None
        self.controller = controller
        self._issue_warnings()

    # -- time ---------------------------------------------------------------------------------------
    @property
    def t(self):
        """The current time [s]."""
        return self._core.t

    @property
    def t_end(self):
        return self._core.t_end

    @property
    def finished(self):
        """True once t_end is reached."""
        return self._core.finished

    @property
    def scheme(self):
        return self._core.scheme

    @property
    def integrator(self):
        return self._core.integrator

    @property
    def controller(self):
        return self._controller

    @controller.setter
    def controller(self, function):
        self._controller = function
        self._core.set_controller(None if function is None else (lambda: function(self)))

    def step(self):
        """Takes one step of the scheme (an integrator step, up to an event, or one time step)."""
        try:
            self._core.step()
        finally:
            self._issue_warnings()
        return self

    def advance(self, t):
        """Steps until time t (<= t_end); the last step ends at t exactly."""
        try:
            self._core.advance(float(t))
        finally:
            self._issue_warnings()
        return self

    def run(self):
        """Steps to t_end and returns the result."""
        self.advance(self.t_end)
        return self.result()

    # -- state --------------------------------------------------------------------------------------
    @property
    def q(self):
        """Positions (a copy; spatial bodies' quaternions in their principal frames, docs/python.md)."""
        return self._core.state()[0]

    @q.setter
    def q(self, value):
        self.set_state(q=value)

    @property
    def v(self):
        """Velocities (a copy; spatial bodies' angular velocities in their principal frames)."""
        return self._core.state()[1]

    @v.setter
    def v(self, value):
        self.set_state(v=value)

    @property
    def z(self):
        """Internal states of the friction laws (bristle deflections)."""
        return self._core.state()[2]

    def set_state(self, q=None, v=None, z=None):
        """Continues from new positions and/or velocities (the others kept), projected onto the
        joints and drivers; contacts are decided anew and the integrator restarts."""
        q0, v0, z0 = self._core.state()
        pick = lambda x, x0: x0 if x is None else np.asarray(x, dtype=float)
        self._core.set_state(pick(q, q0), pick(v, v0), pick(z, z0))

    def body(self, name):
        """A body's position, orientation (spatial: quaternion [w, x, y, z] of the frame its model
        gave; planar: `angle`), velocity and angular velocity (spatial: in the body frame), as a dict."""
        return self._core.body(name)

    def set_body(self, name, *, position=None, orientation=None, angle=None, velocity=None, angular_velocity=None):
        """Moves one body (the values not given are kept), as set_state does."""
        self._core.set_body(name, position, orientation, angle, velocity, angular_velocity)

    def contacts(self):
        """The contacts now: a list of dicts with name, state ('open', 'stick', 'slip+', 'slip-'),
        gap, normal_velocity, point, normal, tangent(s), slip_velocity, normal_force,
        friction_force and force (F_N n + F_T on the contact's second body), world frame; then one
        dict per point of the contacts between shapes (the rows of the contact points file at this
        instant): name "<shape_i>|<shape_j>#<point_id>" (as the event log names it), shape_i, shape_j, point_id, state, gap,
        normal_velocity, point, normal, slip_speed (|v_T|), normal_force, friction_force (the world
        vector F_T) and force."""
        return self._core.contacts()

    @property
    def columns(self):
        return self._core.columns

    def values(self):
        """The output columns' values now, as a dict (the row a run would write at this instant)."""
        return dict(zip(self._core.columns, self._core.values()))

    def __getitem__(self, column):
        """One output column's value now: sim["pendulum.omega"], sim["floor.fn"]."""
        values = self.values()
        try:
            return values[column]
        except KeyError:
            raise KeyError(f"no column '{column}'") from None

    # -- inputs -------------------------------------------------------------------------------------
    def set_driver(self, name, value, rate=0.0, acceleration=0.0):
        """A driver's target from now on: value + rate (t - now) + acceleration (t - now)^2 / 2."""
        self._core.set_driver(name, float(value), float(rate), float(acceleration))

    def set_force(self, name, force):
        """A point force's components (in the frame its model gives: global or body), held from now on."""
        self._core.set_force(name, np.asarray(force, dtype=float))

    def set_torque(self, name, torque):
        """A torque (planar: a number; spatial: [tx, ty, tz] in its model's frame), held from now on."""
        self._core.set_torque(name, torque if np.ndim(torque) == 0 else np.asarray(torque, dtype=float))

    def set_actuator(self, name, effort):
        """A joint actuator's torque or force, held from now on."""
        self._core.set_actuator(name, float(effort))

    # -- checkpoints and results --------------------------------------------------------------------
    def checkpoint(self):
        """A Checkpoint of this instant (with the inputs set); restore() returns to it."""
        return self._core.checkpoint()

    def restore(self, checkpoint):
        """Continues from `checkpoint` (rows and events after it are dropped)."""
        if isinstance(checkpoint, str):
            checkpoint = Checkpoint.load(checkpoint)
        self._core.restore(checkpoint)

    def result(self):
        """The rows and events so far, as a Result (its summary once the run is finished)."""
        result = self._core.result()
        result.model = self.model
        return result

    @property
    def summary(self):
        return self._core.summary()

    def _issue_warnings(self):
        messages = self._core.summary()["warnings"]
        for message in messages[self._warned:]:
            warnings.warn(message, SimulationWarning, stacklevel=3)
        self._warned = len(messages)

    def _repr_html_(self):
        return self.result()._repr_html_()

    def __repr__(self):
        state = "finished" if self.finished else "running"
        return f"<stickslip.Simulation {self.scheme} at t = {self.t:g} of {self.t_end:g} s, {state}>"
