// Module Federation's asyncStartup (build-config experiments) negotiates the shared singletons
// before this entry runs, so no dynamic-import boundary is needed: the app's stylesheet is part
// of the initial chunk and linked from the HTML.
import './bootstrap';
