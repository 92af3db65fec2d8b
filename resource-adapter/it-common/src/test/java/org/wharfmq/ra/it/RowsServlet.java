package org.wharfmq.ra.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * For {@link XaRecoveryIT}, outside the server: {@code POST ?round=&count=} sends texts
 * {@code round-0 .. round-(count-1)}; {@code GET ?what=pid} gives the server's process id,
 * {@code ?what=rows} the number of rows, {@code ?what=state&store=&db=} a {@link RoundState}.
 */
@WebServlet("/rows")
public class RowsServlet extends HttpServlet {
    private static final int PER_TRANSACTION = 50;

    @EJB
    private RowsSender sender;
    @Resource(lookup = RowsMdb.ROWS)
    private DataSource rows;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String round = request.getParameter("round");
        int count = Integer.parseInt(request.getParameter("count"));
        try {
            for (int from = 0; from < count; from += PER_TRANSACTION) {
                List<String> texts = new ArrayList<>();
                for (int i = from; i < Math.min(count, from + PER_TRANSACTION); i++) {
                    texts.add(round + "-" + i);
                }
                sender.send(texts);
            }
        } catch (Exception e) {
            throw new IOException(e);
        }
        response.getWriter().print(count);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            if ("pid".equals(request.getParameter("what"))) {
                response.getWriter().print(ProcessHandle.current().pid());
                return;
            }
            if ("rows".equals(request.getParameter("what"))) {
                response.getWriter().print(RowsDatabase.count(rows));
                return;
            }
            Map<String, Integer> perText = RowsDatabase.rowsPerText(rows);
            WharfState wharf = WharfState.read(request.getParameter("store"), RowsMdb.QUEUE);
            response.getWriter().print(new RoundState(perText.values().stream().mapToInt(Integer::intValue).sum(),
                    perText.size(), wharf.prepared().size(),
                    RowsDatabase.inDoubt(Path.of(request.getParameter("db"))).size(), wharf.visible(),
                    wharf.inFlight()).encode());
        } catch (Exception e) {
            throw new IOException(e);
        }
    }
}
