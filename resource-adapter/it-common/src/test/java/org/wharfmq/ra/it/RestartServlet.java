package org.wharfmq.ra.it;

import java.io.IOException;
import java.util.stream.Collectors;
import jakarta.ejb.EJB;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** For the restart test, which runs outside the server: {@code POST ?text=} sends, {@code GET} lists what arrived. */
@WebServlet("/restart")
public class RestartServlet extends HttpServlet {
    @EJB
    private Sender sender;
    @EJB
    private Journal journal;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            response.getWriter().print(sender.send(Resources.RESTART, request.getParameter("text"), null));
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.getWriter().print(journal.deliveries(Resources.RESTART_QUEUE).stream().map(Delivery::text)
                .collect(Collectors.joining("\n")));
    }
}
