#include "errors.hpp"

#include "io/error_messages.hpp"
#include "io/run_options.hpp"
#include "model/model.hpp"

namespace stickslip::python {
namespace {

py::object error_class(const char* name) { return py::module_::import("stickslip.errors").attr(name); }

py::error_already_set raise(const py::object& exc) {
  PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
  return py::error_already_set();
}

}  // namespace

py::error_already_set input_error(const std::string& text, const char* kind, const std::string& file, int line,
                                  int column, const std::string& path, const std::string& message) {
  py::object exc = error_class(kind)(text);
  exc.attr("file") = file;
  exc.attr("line") = line;
  exc.attr("column") = column;
  exc.attr("path") = path;
  exc.attr("message") = message;
  return raise(exc);
}

py::error_already_set input_error(const InputError& e, const char* kind) {
  return input_error(e.what(), kind, e.file(), e.line(), e.column(), e.path(), e.message());
}

py::error_already_set numerical_error(const NumericalError& e, py::object result,
                                      const std::vector<std::string>& warnings) {
  py::object exc = error_class("NumericalError")(failure_message(e));
  exc.attr("t") = e.t();
  exc.attr("step") = e.step();
  exc.attr("element") = e.element();
  exc.attr("message") = std::string(e.what());
  exc.attr("result") = std::move(result);
  py::list listed;
  for (const std::string& w : warnings) listed.append(w);
  exc.attr("warnings") = listed;
  return raise(exc);
}

void register_error_translation() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const InputError& e) {
      input_error(e).restore();
    } catch (const RunOptionError& e) {
      input_error(e.what(), "InputError", "", 0, 0, e.option(), e.problem()).restore();
    } catch (const ModelError& e) {  // not located in a file (a model made in C++)
      input_error(e.what(), "ModelError", "", 0, 0, e.path(), e.message()).restore();
    } catch (const NumericalError& e) {
      numerical_error(e, py::none()).restore();
    }
  });
}

}  // namespace stickslip::python
