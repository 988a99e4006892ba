"""HTML pieces shared by the pages the library and the reproduction write: a sortable
table's style sheet and script."""

__all__ = ["SORTABLE_CSS", "SORTABLE_JS"]

SORTABLE_CSS = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:11px}
th,td{border:1px solid #ccc;padding:2px 5px;text-align:left;vertical-align:top}
td{white-space:nowrap} td.name{white-space:normal;max-width:16em;min-width:9em}
th{background:#eee;cursor:pointer;position:sticky;top:0}
th.asc::after{content:" \\25B2"} th.desc::after{content:" \\25BC"}
td.true{background:#d9f0d3} td.false{background:#f4cccc}
.sub{color:#666} img{max-width:100%;height:auto}
.fig{margin:0.5em 0 1em 0}
table{display:block;max-width:100%;overflow-x:auto}
"""

# Click a header: sort by that column (numbers numerically, empty last), again to reverse.
SORTABLE_JS = """
document.querySelectorAll('table.sortable th').forEach(function(th, col){
  th.addEventListener('click', function(){
    var table = th.closest('table'), body = table.tBodies[0];
    var asc = !th.classList.contains('asc');
    table.querySelectorAll('th').forEach(function(h){h.classList.remove('asc','desc');});
    th.classList.add(asc ? 'asc' : 'desc');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function(a, b){
      var x = a.cells[col].textContent, y = b.cells[col].textContent;
      if (x === '' || y === '') return (x === '') - (y === '');
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = (!isNaN(nx) && !isNaN(ny) && isFinite(x) && isFinite(y)) ? nx - ny : x.localeCompare(y);
      return asc ? c : -c;
    });
    rows.forEach(function(r){body.appendChild(r);});
  });
});
"""
